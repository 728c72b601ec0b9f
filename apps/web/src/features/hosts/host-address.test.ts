import { describe, expect, it } from 'vitest';
import { addressWithLocker, hostAddressText } from './host-address';

const host = {
  name: 'Hopbox New York',
  address: '145 Dock Street, Unit 4',
  city: 'Jersey City',
  country: 'United States of America',
  postalCode: 'NJ 07302',
  email: 'usa@hopbox.example',
  phone: '+1 201 555 0142',
};

describe('host addresses', () => {
  it('appends the locker number to the street line', () => {
    expect(addressWithLocker(host, 'HB100001')).toBe('145 Dock Street, Unit 4, Locker HB100001');
    expect(addressWithLocker(host, null)).toBe('145 Dock Street, Unit 4');
  });

  it('copies name, address, locker number, email and phone', () => {
    expect(hostAddressText(host, 'HB100001')).toBe(
      [
        'Hopbox New York',
        '145 Dock Street, Unit 4, Locker HB100001',
        'Jersey City, NJ 07302',
        'United States of America',
        'Locker Number: HB100001',
        'Email: usa@hopbox.example',
        'Phone: +1 201 555 0142',
      ].join('\n'),
    );
  });

  it('leaves out what the host does not have', () => {
    expect(hostAddressText({ ...host, postalCode: null, email: null, phone: null }, null)).toBe(
      ['Hopbox New York', '145 Dock Street, Unit 4', 'Jersey City', 'United States of America'].join('\n'),
    );
  });
});
