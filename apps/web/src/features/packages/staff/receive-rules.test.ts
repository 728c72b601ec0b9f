import { describe, expect, it } from 'vitest';
import { receivingOriginOf, unitWeightOf } from './receive-rules';

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
