import { expect } from 'vitest';
import type { CarrierRefusedError, CarrierUnavailableError } from '../../src/providers/carriers/carrier-provider.ts';

/** The error a promise rejects with, checked to be of the type given. */
export async function failure(
  promise: Promise<unknown>,
  type: typeof CarrierRefusedError | typeof CarrierUnavailableError,
): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(type);
    return err as Error;
  }
  throw new Error('expected a failure');
}
