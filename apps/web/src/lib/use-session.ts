import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session';

/** The current session, re-rendering when it changes (sign-in, refresh, sign-out, another tab). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
