import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * True when the viewport is narrower than `minRem`: then so is every container in it, and the answer is known before
 * anything is laid out. Media queries' rem is the browser's default font size, which the root's is too: the app's
 * stylesheet does not set it.
 */
function viewportNarrowerThan(minRem: number): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(`(width < ${minRem}rem)`).matches;
}

/** The root's font size in px, as a container query's rem. */
const rootRem = () => Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/**
 * Whether a size container (`@container`) is at least `minRem` wide, as a container query would decide, so that a
 * component renders only the layout that shows instead of both with one hidden by CSS (decision 084). Null until
 * measured. On a viewport narrower than `minRem` (a phone) it is false from the first render: the rows render once,
 * in the page's own render, instead of after a measure that forces a layout and a second render in the same task
 * (decision 088). Otherwise the first measure is taken when the container mounts, before the browser paints and
 * before the rows that depend on it are rendered (an inline-size container's width does not depend on its content).
 * An observer keeps it current as the container resizes. Not `enabled`: not measured, null.
 */
export function useWideContainer(ref: RefObject<HTMLElement | null>, minRem: number, enabled: boolean): boolean | null {
  const [wide, setWide] = useState<boolean | null>(() => (enabled && viewportNarrowerThan(minRem) ? false : null));
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    // A container query measures the content box: the list's container has no padding, so that is its client width.
    setWide(viewportNarrowerThan(minRem) ? false : element.clientWidth >= minRem * rootRem());
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWide(entry.contentRect.width >= minRem * rootRem()));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, minRem, enabled]);
  return wide;
}
