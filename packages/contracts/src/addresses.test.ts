import { describe, expect, it } from 'vitest';
import { addressInputSchema, addressSchema, recipientOf, shipmentAddressOf } from './addresses.ts';

const saved = {
  id: 7,
  label: 'Home',
  address: 'Villa 12',
  city: 'Dubai',
  state: null,
  country: 'United Arab Emirates',
  postalCode: null,
  phoneNumber: null,
  isDefault: true,
};

describe('the recipient of an address (decision 027)', () => {
  it('is the customer when the address names nobody', () => {
    expect(recipientOf(null, 'Dana Demo')).toBe('Dana Demo');
    expect(recipientOf(undefined, 'Dana Demo')).toBe('Dana Demo');
    expect(recipientOf('  ', 'Dana Demo')).toBe('Dana Demo');
    expect(recipientOf('Mariam Haddad', 'Dana Demo')).toBe('Mariam Haddad');
  });

  it('is trimmed, optional (empty is null) and at most 120 characters in the form', () => {
    const base = { label: 'Home', address: 'Villa 12', city: 'Dubai', country: 'United Arab Emirates' };
    expect(addressInputSchema.parse({ ...base, recipientName: '  Mariam  ' }).recipientName).toBe('Mariam');
    expect(addressInputSchema.parse({ ...base, recipientName: '' }).recipientName).toBeNull();
    expect(addressInputSchema.parse(base).recipientName).toBeNull();
    const tooLong = addressInputSchema.safeParse({ ...base, recipientName: 'R'.repeat(121) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.path).toEqual(['recipientName']);
  });

  it('reads an address stored before it existed (a priced payment copy) as naming nobody', () => {
    expect(addressSchema.parse(saved).recipientName).toBeNull();
    expect(shipmentAddressOf(saved).recipientName).toBeNull();
    expect(shipmentAddressOf({ ...saved, recipientName: 'Mariam Haddad' }).recipientName).toBe('Mariam Haddad');
  });
});
