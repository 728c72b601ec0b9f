import type { DutyRule } from './duties.ts';
import type { SessionUser } from './session.ts';
import type { StaffShipment } from './shipments.ts';

// Sample records the tests of the API, the web app and this package share, so one fixture means the same
// thing everywhere. Imported by tests only.

/** A signed-in customer as sign-in answers it. */
export const SAMPLE_SESSION_USER: SessionUser = {
  id: 7,
  fullName: 'Dana Demo',
  firstName: 'Dana',
  lastName: 'Demo',
  email: 'dana@example.com',
  phone: '+971501234567',
  gender: 'female',
  country: 'United Arab Emirates',
  lockerNumber: 'HB100007',
  tenantId: 1,
  role: 'user',
};

/** A full destination as staff see it for dispatch (decision 027): a recipient of her own, every line given. */
export const SAMPLE_DESTINATION = {
  recipientName: 'Mariam Haddad',
  address: 'Flat 4, 12 Rue Lepic',
  city: 'Paris',
  state: 'Île-de-France',
  postalCode: '75018',
  destination: 'France',
  phone: '+33612345678',
} satisfies Partial<StaffShipment>;

/** A destination's duty rule like the UAE's: 5 % duty on CIF above AED 1,000, 5 % VAT on every import, books exempt, tobacco at 100 %. */
export const SAMPLE_DUTY_RULE: DutyRule = {
  currency: 'AED',
  dutyFreeUpTo: 1000,
  vatFreeUpTo: 0,
  dutyRate: 5,
  vatRate: 5,
  dutyBasis: 'CIF',
  fees: 0,
  exemptHsChapters: ['49'],
  hsChapterRates: { '24': 100 },
};
