// sonner loads when a toast is first wanted, never with the first page: /signin is interactive without
// it (decision 035). Pages under the data layout load it anyway (they import sonner themselves), so the
// layout asks for it at once; a toast made before the Toaster mounted is shown when it does.
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

/** Toasts for the code /signin loads: the library follows when first used. */
export const lazyToast = {
  success: (message: string, options?: ToastOptions) => void loadSonner().then(({ toast }) => toast.success(message, options)),
  error: (message: string, options?: ToastOptions) => void loadSonner().then(({ toast }) => toast.error(message, options)),
};
