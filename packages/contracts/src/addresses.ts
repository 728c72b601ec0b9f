import { z } from 'zod';
import { messages } from './messages.ts';
import { optionalPhone, optionalText, requiredString } from './validation.ts';

const required = messages.addresses.requiredFields;

export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Who receives the parcel there; null means the customer (decision 027). Old priced copies lack it. */
  recipientName: z.string().nullable().default(null),
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  postalCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** Where a shipment goes: a saved address's fields (or the copy of them a payment was priced on). */
export type ShipmentDestination = Pick<Address, 'address' | 'city' | 'state' | 'country' | 'postalCode' | 'phoneNumber'> & {
  recipientName?: string | null;
};

export { recipientOf } from './recipient.ts';

/**
 * A saved address as a shipment's address fields (SPEC.md section 3, Shipment creation payload): the
 * wizard sends them, and the API writes them on the shipment it creates, so both read one mapping.
 */
export function shipmentAddressOf(address: ShipmentDestination) {
  return {
    recipientName: address.recipientName ?? null,
    address: address.address,
    city: address.city,
    state: address.state,
    country: address.country,
    postalCode: address.postalCode,
    phone: address.phoneNumber,
  };
}

/** SPEC.md section 5: label, address, city and country required; state, postal code and phone optional. */
export const addressInputSchema = z.object({
  label: requiredString(required).max(100),
  /** Optional: empty means the customer receives it (decision 027). */
  recipientName: optionalText(120, 'Recipient name must be at most 120 characters'),
  address: requiredString(required).max(300),
  city: requiredString(required).max(120),
  state: optionalText(120),
  country: requiredString(required).max(120),
  postalCode: optionalText(20),
  /** Read by the API with `country` and stored in E.164 (decision 052). */
  phoneNumber: optionalPhone(messages.signup.mobileInvalid),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressInputSchema>;
