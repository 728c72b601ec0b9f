/**
 * What time it is for the rules that depend on it (storage days, quotes held 30 minutes, reminders). The
 * server reads the system clock; tests pass a clock they set and move, so a day boundary is a line of test.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface SettableClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function settableClock(start: Date | string = new Date()): SettableClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (to) => {
      at = new Date(to).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}
