import { describe, expect, it } from 'vitest';
import { shoppingAddress, shoppingAddressText } from './host-address.ts';

const newYork = {
  address: '145 Dock Street, Unit 4',
  city: 'Jersey City',
  country: 'United States of America',
  postalCode: 'NJ 07302',
  phone: '+1 201 555 0142',
};
const london = {
  address: '12 Heathrow Park, Bath Road',
  city: 'Hounslow',
  country: 'United Kingdom',
  postalCode: 'TW6 2AB',
  phone: '+44 20 7946 0321',
};

const asObject = (fields: ReturnType<typeof shoppingAddress>) => Object.fromEntries(fields.map((f) => [f.label, f.value]));

describe('the locker address as a checkout asks for it', () => {
  it("lists the customer's name first, then the checkout's lines in its order", () => {
    expect(shoppingAddress(newYork, 'Layla Hassan', 'HB100001')).toEqual([
      { label: 'Full name', value: 'Layla Hassan' },
      { label: 'Address line 1', value: '145 Dock Street, Locker HB100001' },
      { label: 'Address line 2', value: 'Unit 4' },
      { label: 'City', value: 'Jersey City' },
      { label: 'State / Region', value: 'NJ' },
      { label: 'Postal code', value: '07302' },
      { label: 'Country', value: 'United States of America' },
      { label: 'Phone', value: '+1 201 555 0142' },
    ]);
  });

  it('copies the whole block in the same order, one value a line, without the warehouse name', () => {
    expect(shoppingAddressText(shoppingAddress(london, 'Layla Hassan', 'HB100002'))).toBe(
      ['Layla Hassan', '12 Heathrow Park, Locker HB100002', 'Bath Road', 'Hounslow', 'TW6 2AB', 'United Kingdom', '+44 20 7946 0321'].join(
        '\n',
      ),
    );
  });

  it('reads a state only where it is written before the postal code of a US or Canadian host', () => {
    expect(asObject(shoppingAddress(london, 'A B', 'HB1'))).toMatchObject({ 'State / Region': null, 'Postal code': 'TW6 2AB' });
    const toronto = { ...newYork, country: 'Canada', postalCode: 'ON M5V 2T6' };
    expect(asObject(shoppingAddress(toronto, 'A B', 'HB1'))).toMatchObject({ 'State / Region': 'ON', 'Postal code': 'M5V 2T6' });
    const zipOnly = { ...newYork, postalCode: '07302-1234' };
    expect(asObject(shoppingAddress(zipOnly, 'A B', 'HB1'))).toMatchObject({ 'State / Region': null, 'Postal code': '07302-1234' });
    // A Maltese code looks like a region and a number, and is one postal code.
    const malta = { ...newYork, country: 'Malta', postalCode: 'VLT 1117' };
    expect(asObject(shoppingAddress(malta, 'A B', 'HB1'))).toMatchObject({ 'State / Region': null, 'Postal code': 'VLT 1117' });
  });

  it('leaves out what the host does not have, and the locker when there is none yet', () => {
    const bare = { address: '88 Futian Logistics Park', city: 'Shenzhen', country: 'China', postalCode: null, phone: null };
    const fields = shoppingAddress(bare, 'Layla Hassan', null);
    expect(asObject(fields)).toMatchObject({ 'Address line 1': '88 Futian Logistics Park', 'Address line 2': null, Phone: null });
    expect(shoppingAddressText(fields)).toBe(['Layla Hassan', '88 Futian Logistics Park', 'Shenzhen', 'China'].join('\n'));
  });
});
