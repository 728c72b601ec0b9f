import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether a size container (`@container`) is at least `minRem` wide, as a container query would decide, so that a
 * component renders only the layout that shows instead of both with one hidden by CSS (decision 084). Null until
 * measured. The first measure is taken when the container mounts, before the browser paints and before the rows
 * that depend on it are rendered (an inline-size container's width does not depend on its content); an observer
 * keeps it current as the container resizes. Not `enabled`: not measured, null.
 */
export function useWideContainer(ref: RefObject<HTMLElement | null>, minRem: number, enabled: boolean): boolean | null {
  const [wide, setWide] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    // A container query measures the content box: the list's container has no padding, so that is its client width.
    setWide(element.clientWidth >= minRem * rem);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWide(entry.contentRect.width >= minRem * rem));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, minRem, enabled]);
  return wide;
}
