import { describe, expect, it } from 'vitest';
import { packagesQuoteKey } from '../../src/modules/pricing/shipment-quote.ts';

const parcel = {
  id: 7,
  quantity: 1,
  packageWeight: '1.750',
  packageLength: '40.0',
  packageBreadth: '30.0',
  packageHeight: '15.0',
  totalPrice: '45.00',
  currency: 'USD',
  handlingFee: null,
  serviceFee: null,
};

/** A held price is the price of what was priced: any input changed, the price is asked for again (issue "Exactly once, in one place"). */
describe('the key a price is held under', () => {
  it('changes with the quantity, as with the weight, a side or the declared value', () => {
    const key = packagesQuoteKey([parcel], 'United Arab Emirates');
    expect(packagesQuoteKey([{ ...parcel, quantity: 2 }], 'United Arab Emirates')).not.toBe(key);
    expect(packagesQuoteKey([{ ...parcel, packageWeight: '1.751' }], 'United Arab Emirates')).not.toBe(key);
    expect(packagesQuoteKey([{ ...parcel, packageHeight: '16.0' }], 'United Arab Emirates')).not.toBe(key);
    expect(packagesQuoteKey([{ ...parcel, totalPrice: '46.00' }], 'United Arab Emirates')).not.toBe(key);
  });

  it('changes with a fee the package carries: a service done within the hold is charged, whatever the box', () => {
    const key = packagesQuoteKey([parcel], 'United Arab Emirates');
    expect(packagesQuoteKey([{ ...parcel, serviceFee: '10.00' }], 'United Arab Emirates')).not.toBe(key);
    expect(packagesQuoteKey([{ ...parcel, handlingFee: '25.00' }], 'United Arab Emirates')).not.toBe(key);
  });

  it('is the same for the same packages in any order, and for the country however it is written', () => {
    const other = { ...parcel, id: 9 };
    expect(packagesQuoteKey([parcel, other], 'United Arab Emirates')).toBe(packagesQuoteKey([other, parcel], 'AE'));
  });
});
