import { SAMPLE_DESTINATION } from '@hopbox/contracts/test-fixtures';
import { describe, expect, it } from 'vitest';
import { postalAddressLines } from './postal-address';

const full = SAMPLE_DESTINATION;

describe('the dispatch destination as a postal address', () => {
  it('writes recipient, street, city line, country and phone, one a line', () => {
    expect(postalAddressLines(full)).toEqual([
      'Mariam Haddad',
      'Flat 4, 12 Rue Lepic',
      'Paris, Île-de-France 75018',
      'France',
      'Tel. +33612345678',
    ]);
  });

  it('leaves out what the address does not have', () => {
    expect(postalAddressLines({ ...full, state: null, postalCode: null, phone: null })).toEqual([
      'Mariam Haddad',
      'Flat 4, 12 Rue Lepic',
      'Paris',
      'France',
    ]);
    expect(postalAddressLines({ ...full, state: null })[2]).toBe('Paris, 75018');
  });
});
