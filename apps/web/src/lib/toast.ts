// sonner loads on first use (or when the app is idle, for the Toaster), never with the first page:
// /signin is interactive without it (decision 035). Pages that load with the signed-in layout may
// import sonner itself; toasts made before the Toaster is mounted are shown once it is.
type Sonner = typeof import('sonner');
type ToastOptions = Parameters<Sonner['toast']['success']>[1];

let sonner: Promise<Sonner> | undefined;

/** The toast library, loaded once. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/** The toasts of the modules that load with the first page: the library follows when first used. */
export const lazyToast = {
  success: (message: string, options?: ToastOptions) => void loadSonner().then(({ toast }) => toast.success(message, options)),
  error: (message: string, options?: ToastOptions) => void loadSonner().then(({ toast }) => toast.error(message, options)),
};
