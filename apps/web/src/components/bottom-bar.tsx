import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/** Set on the document while a bottom bar shows: toasts (providers) and the bar's spacer sit above it. */
const HEIGHT_VAR = '--bottom-bar-height';

/**
 * A bar fixed to the bottom of a phone's screen (under 768px; hidden on wider screens) with the next
 * step for what the page holds, e.g. a selection and its action (decision 029). It clears the home
 * indicator (safe-area inset), publishes its height so toasts stay above it, and leaves a spacer of the
 * same height where it is placed, so the page's last row can scroll clear of it.
 */
export function BottomBar({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(HEIGHT_VAR, `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VAR);
    };
  }, []);

  return (
    <>
      <div aria-hidden="true" className="md:hidden" style={{ height: `var(${HEIGHT_VAR}, 0px)` }} />
      <div
        ref={bar}
        role="region"
        aria-label={label}
        className={cn(
          'fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 px-4 pt-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur-md md:hidden',
          'pb-[calc(0.75rem+env(safe-area-inset-bottom))]',
          className,
        )}
      >
        {children}
      </div>
    </>
  );
}
