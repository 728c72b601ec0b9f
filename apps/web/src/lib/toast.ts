// The toast library (sonner) never loads with a page: every toast goes through `toast` below, which loads it with
// the first toast, and the data layout asks for it once the page is idle, so that a toast after a failed request
// (the network gone) still shows. /signin is interactive without it (decision 035); so is every page (decision 084).
type Sonner = typeof import('sonner');
type ToastOptions = Parameters<Sonner['toast']['success']>[1];

let sonner: Promise<Sonner> | undefined;
const waiting = new Set<() => void>();

/** The toast library, loaded once; the providers mount the Toaster from then on. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of waiting) listener();
    waiting.clear();
  }
  return sonner;
}

/** Calls `listener` once the toast library is wanted (at once if it already is). */
export function whenSonnerWanted(listener: () => void): () => void {
  if (sonner) {
    listener();
    return () => undefined;
  }
  waiting.add(listener);
  return () => waiting.delete(listener);
}

/** Loads the toast library when the browser is next idle (at the latest after two seconds): after the page, not with it. */
export function loadSonnerWhenIdle(): void {
  const load = () => void loadSonner().catch(() => (sonner = undefined));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 1000);
}

const shown =
  (kind: 'success' | 'error' | 'info' | 'warning') =>
  (message: string, options?: ToastOptions): void =>
    void loadSonner().then(({ toast }) => toast[kind](message, options));

/** The app's toasts, as sonner's (`toast.success(…)`); the library follows when first used. */
export const toast = Object.assign(
  (message: string, options?: ToastOptions): void => void loadSonner().then(({ toast }) => toast(message, options)),
  { success: shown('success'), error: shown('error'), info: shown('info'), warning: shown('warning') },
);
