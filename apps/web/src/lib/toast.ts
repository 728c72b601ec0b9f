// The toast library (sonner) never loads with a page: every toast goes through `toast` below, which loads it with
// the first toast, and the data layout asks for it once the page is idle, so that a toast after a failed request
// (the network gone) still shows. /signin is interactive without it (decision 035); so is every page (decision 084).
type Sonner = typeof import('sonner');
type ToastOptions = Parameters<Sonner['toast']['success']>[1];

let sonner: Promise<Sonner> | undefined;
/** The providers' one listener: it mounts the Toaster. */
let onWanted: (() => void) | undefined;

/** The toast library, loaded once; the providers mount the Toaster from then on. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    onWanted?.();
  }
  return sonner;
}

/** Calls `listener` once the toast library is wanted (at once if it already is). */
export function whenSonnerWanted(listener: () => void): () => void {
  if (sonner) listener();
  else onWanted = listener;
  return () => {
    onWanted = undefined;
  };
}

/** Starts loading the toast library now; a failed load is forgotten, so the next toast tries again. */
export function preloadToasts(): void {
  loadSonner().catch(() => {
    sonner = undefined;
  });
}

/** Loads the toast library when the browser is next idle (at the latest after two seconds): after the page, not with it. */
export function loadSonnerWhenIdle(): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(preloadToasts, { timeout: 2000 });
  else setTimeout(preloadToasts, 1000);
}

/**
 * sonner hands a toast only to the Toasters mounted when it is made, so a toast waits for the app's Toaster, which
 * calls `toasterMounted` once it has subscribed (app/toaster.tsx). The promise settles once the toast is handed over.
 */
let toasterMounted!: () => void;
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

export { toasterMounted };

const shown =
  (kind?: 'success' | 'error' | 'info' | 'warning') =>
  (message: string, options?: ToastOptions): Promise<void> => {
    const library = loadSonner();
    return mounted.then(async () => {
      const { toast } = await library;
      (kind ? toast[kind] : toast)(message, options);
    });
  };

/** The app's toasts, as sonner's (`toast.success(…)`); the library follows when first used. */
export const toast = Object.assign(shown(), {
  success: shown('success'),
  error: shown('error'),
  info: shown('info'),
  warning: shown('warning'),
});
