// No zod here: the packages table reads conditions, and its page loads no schema library for them.

/** Package condition on arrival (SPEC.md section 4). */
export const PACKAGE_CONDITIONS = ['Not damaged', 'Damaged', 'Prohibited Item'] as const;
export type PackageCondition = (typeof PACKAGE_CONDITIONS)[number];

/**
 * Problem parcels are held: a Prohibited Item never leaves the warehouse (the customer asks support for
 * a return or disposal), a Damaged one may, after a warning. The list, the wizard and the API read these.
 */
export const isProhibited = (p: { shipmentStatus: string }) => p.shipmentStatus === 'Prohibited Item';
export const isDamaged = (p: { shipmentStatus: string }) => p.shipmentStatus === 'Damaged';
