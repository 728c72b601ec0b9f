/** What the protected routes put in the location state when they send a visitor to /signin. */
export interface ReturnToState {
  from?: { pathname?: string; search?: string; hash?: string };
}

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';
const PUBLIC_PATHS = ['/signin', '/signup', '/reset-password'];

/**
 * Where to go after signing in: the remembered page, or /dashboard. Only a same-site path is
 * accepted ("//evil.example" is not), and never a public auth page.
 */
export function returnToFromState(state: unknown): string {
  const from = (state as ReturnToState | null | undefined)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (PUBLIC_PATHS.includes(pathname)) return DEFAULT_AFTER_SIGN_IN;
  const search = typeof from?.search === 'string' && from.search.startsWith('?') ? from.search : '';
  const hash = typeof from?.hash === 'string' && from.hash.startsWith('#') ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
