import { describe, expect, it } from 'vitest';
import { feeText, isOpen, needsConfirmation, progressOf, resultLines, staffActionsOf } from './request-rules';

describe('staffActionsOf', () => {
  it('reads the moves of PACKAGE_REQUEST_LIFECYCLE: take only a new request, finish or refuse an open one, nothing once final', () => {
    expect(staffActionsOf('REQUESTED')).toEqual({ take: true, finish: true, refuse: true });
    expect(staffActionsOf('IN_PROGRESS')).toEqual({ take: false, finish: true, refuse: true });
    expect(staffActionsOf('DONE')).toEqual({ take: false, finish: false, refuse: false });
    expect(staffActionsOf('REJECTED')).toEqual({ take: false, finish: false, refuse: false });
    expect(staffActionsOf('CANCELLED')).toEqual({ take: false, finish: false, refuse: false });
  });
  it('only lets staff refuse a return or discard whose fee is still due', () => {
    expect(staffActionsOf('REQUESTED', 15)).toEqual({ take: false, finish: false, refuse: true });
    expect(staffActionsOf('REQUESTED', 0)).toEqual({ take: true, finish: true, refuse: true });
  });
  it('calls a request open while it has a move left', () => {
    expect([isOpen('REQUESTED'), isOpen('IN_PROGRESS'), isOpen('DONE'), isOpen('REJECTED'), isOpen('CANCELLED')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('progressOf', () => {
  const states = (s: Parameters<typeof progressOf>[0]) => progressOf(s).map((step) => `${step.label}:${step.state}`);
  it('marks the steps reached, the current one and those to come', () => {
    expect(states('REQUESTED')).toEqual(['Requested:current', 'In progress:todo', 'Done:todo']);
    expect(states('IN_PROGRESS')).toEqual(['Requested:done', 'In progress:current', 'Done:todo']);
    expect(states('DONE')).toEqual(['Requested:done', 'In progress:done', 'Done:done']);
  });
  it('stops a withdrawn request after Requested', () => {
    expect(states('CANCELLED')).toEqual(['Requested:done', 'Withdrawn:refused']);
  });
  it('ends a refused request with Refused in place of Done', () => {
    expect(states('REJECTED')).toEqual(['Requested:done', 'In progress:done', 'Refused:refused']);
  });
});

describe('needsConfirmation and feeText', () => {
  it('asks to confirm the services that take the package out of the locker', () => {
    expect(needsConfirmation('RETURN_TO_SENDER')).toBe(true);
    expect(needsConfirmation('DISCARD')).toBe(true);
    expect(needsConfirmation('REPACK')).toBe(false);
  });
  it('says Free for no fee', () => {
    expect(feeText(0, 'AED')).toBe('Free');
    expect(feeText(20, 'AED')).toBe('20.00 AED');
  });
});

describe('resultLines', () => {
  it('says what each type produced', () => {
    expect(resultLines({ result: null })).toEqual([]);
    expect(resultLines({ result: { packageWeight: 1.2, packageLength: 30, packageBreadth: 20, packageHeight: 10 } })).toEqual([
      'New size: 1.2 kg, 30 × 20 × 10 cm',
    ]);
    expect(resultLines({ result: { carrier: 'DHL', trackingNumber: 'JD0001' } })).toEqual(['Sent back with DHL, tracking number JD0001']);
    const parcel = { packageContent: 'Shoes', packageWeight: 1, packageLength: 30, packageBreadth: 20, packageHeight: 10 };
    expect(resultLines({ result: { parcels: [{ ...parcel, hopboxId: 'HBX1' }, parcel] } })).toEqual([
      'HBX1: Shoes, 1 kg, 30 × 20 × 10 cm',
      'Parcel 2: Shoes, 1 kg, 30 × 20 × 10 cm',
    ]);
  });
});
