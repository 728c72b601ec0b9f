import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** A short line under the title, read out as the dialog's description. */
  description?: ReactNode;
  /** Tailwind max-width class of the panel (SPEC.md default max-w-md). */
  maxWidth?: string;
  /** Shows a spinner with `loadingText` instead of the content. */
  loading?: boolean;
  loadingText?: string;
  children?: ReactNode;
  /** Buttons at the bottom; put form buttons inside the form instead. */
  footer?: ReactNode;
}

/**
 * The reusable dialog of SPEC.md, on Radix Dialog: it traps focus, closes on Escape and on a click
 * on the backdrop, and gives the focus back to what opened it.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  maxWidth = 'max-w-md',
  loading = false,
  loadingText = 'Loading...',
  children,
  footer,
}: ModalProps) {
  // Radix gives focus back only to a Dialog.Trigger; our dialogs are opened by any control (a row's
  // button, a menu item), so the control focused when the dialog opened is remembered and refocused.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
          <Dialog.Content
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={() => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
            }}
            className={cn(
              'pointer-events-auto flex max-h-[92vh] w-full flex-col rounded-t-2xl border border-line bg-surface shadow-2xl sm:rounded-2xl',
              'focus:outline-none',
              maxWidth,
            )}
          >
            <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4 sm:px-6">
              <div className="min-w-0">
                <Dialog.Title className="text-base font-semibold text-fg">{title}</Dialog.Title>
                {description && <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>}
              </div>
              <Dialog.Close
                aria-label="Close"
                className="touch-target relative -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-fg"
              >
                <X className="size-4" aria-hidden="true" />
              </Dialog.Close>
            </div>
            {/* Focusable so keyboard users can scroll a long body that holds no control (WCAG scrollable region). */}
            <div className="overflow-y-auto px-5 py-5 sm:px-6" tabIndex={0}>
              {loading ? (
                <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted" role="status">
                  <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
                  {loadingText}
                </div>
              ) : (
                children
              )}
            </div>
            {footer && !loading && <div className="flex justify-end gap-2 border-t border-line px-5 py-4 sm:px-6">{footer}</div>}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog's details as one named group, focusable so keyboard users can scroll them when they overflow the dialog. */
export function ModalDetails({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      tabIndex={0}
      role="group"
      aria-label={label}
      className="space-y-6 rounded-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
    >
      {children}
    </div>
  );
}
