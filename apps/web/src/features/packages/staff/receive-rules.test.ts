import { describe, expect, it } from 'vitest';
import { announcedBy, mismatchNotice, receivingOriginOf, unitWeightOf } from './receive-rules';

describe('the Receive form defaults (decision 027)', () => {
  it('divides the package weight by the quantity, to the gram, reading a decimal comma', () => {
    expect(unitWeightOf('1.5', '2')).toBe('0.75');
    expect(unitWeightOf('1,5', '3')).toBe('0.5');
    expect(unitWeightOf('1', '3')).toBe('0.333');
    expect(unitWeightOf(' 2 ', '1')).toBe('2');
  });

  it('leaves the unit weight empty while the weight or quantity is missing or unusable', () => {
    expect(unitWeightOf('', '2')).toBe('');
    expect(unitWeightOf('1.5', '')).toBe('');
    expect(unitWeightOf('abc', '2')).toBe('');
    expect(unitWeightOf('1.5', '0')).toBe('');
    expect(unitWeightOf('-1', '2')).toBe('');
  });

  it("defaults the origin to the active hosts' one country, else to nothing", () => {
    expect(receivingOriginOf(undefined)).toBe('');
    expect(receivingOriginOf([])).toBe('');
    expect(receivingOriginOf([{ country: 'United Kingdom' }])).toBe('United Kingdom');
    expect(receivingOriginOf([{ country: 'United Kingdom' }, { country: 'United Kingdom' }])).toBe('United Kingdom');
    expect(receivingOriginOf([{ country: 'United Kingdom' }, { country: 'China' }])).toBe('');
    // A country the origin list does not know is not offered as a choice, so it is no default.
    expect(receivingOriginOf([{ country: 'Atlantis' }])).toBe('');
  });
});

describe('the match at the dock (issue "Arrivals")', () => {
  const dana = {
    customerName: 'Dana Demo',
    lockerNumber: 'HB100001',
    retailer: 'Best Buy',
    content: 'Wireless headphones',
    currency: 'USD',
  };

  it('reads out who announced the parcel, what and from where, with its value when one was given', () => {
    expect(announcedBy({ ...dana, declaredValue: 249 })).toBe(
      'Announced by Dana Demo (HB100001): Wireless headphones from Best Buy, 249.00 USD',
    );
    expect(announcedBy({ ...dana, declaredValue: null })).toBe('Announced by Dana Demo (HB100001): Wireless headphones from Best Buy');
  });

  it('names the announcing customer when the label says another locker', () => {
    expect(mismatchNotice({ customerName: 'Dana Demo', lockerNumber: 'HB100001' }, 'HB100002')).toBe(
      'Announced by Dana Demo (HB100001), received into HB100002 as labelled',
    );
  });
});
