import type { KeyboardEvent } from 'react';

/**
 * Keys of a form filled at the dock with a barcode scanner (decision 027). A scanner ends what it types
 * with Enter, so Enter in a one-line field moves to the next field instead of submitting half a form;
 * Ctrl+Enter (Cmd+Enter on a Mac) submits from any field. In a text area Enter stays a new line.
 */

/** Ctrl+Enter or Cmd+Enter: submit. */
export function isSubmitShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

const FIELD_SELECTOR = 'input:not([type=hidden]):not([type=file]):not([type=checkbox]):not([type=radio]), select, textarea';

/** The form's fields a person fills in, in the order they appear. */
export function fieldsOf(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].filter(
    (el) => !(el as HTMLInputElement).disabled && !(el as HTMLInputElement).readOnly,
  );
}

/** Moves to the field after `from` in `container`; false when it is the last one. */
export function focusNextField(container: HTMLElement, from: HTMLElement): boolean {
  const fields = fieldsOf(container);
  const next = fields[fields.indexOf(from) + 1];
  if (!next) return false;
  next.focus();
  if (next instanceof HTMLInputElement) next.select();
  return true;
}

/** Scrolls a field to the middle of the screen (clear of the sticky header) and puts the cursor in it. */
export function focusField(field: HTMLElement | null | undefined) {
  if (!field) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  field.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  field.focus({ preventScroll: true });
}

/** A form's onKeyDown: Enter moves on, Ctrl/Cmd+Enter calls `submit`. */
export function scannerKeyDown(submit: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (isSubmitShortcut(event)) {
      event.preventDefault();
      submit();
      return;
    }
    if (event.shiftKey || event.altKey) return;
    const oneLine = target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.matches(FIELD_SELECTOR));
    if (!oneLine) return;
    event.preventDefault();
    focusNextField(event.currentTarget, target);
  };
}

/** "Ctrl" or "⌘": the submit shortcut's modifier as this computer's keyboard labels it. */
export function submitModifierLabel(): string {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
  return /mac|iphone|ipad/i.test(platform) ? '⌘' : 'Ctrl';
}
