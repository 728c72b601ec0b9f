import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element's content is wider than the element (it scrolls sideways), kept current as either resizes.
 * The first measure is the observer's own first report, made after the browser lays the page out: measuring in
 * the effect instead forced a layout of the whole page in the middle of its first render (decision 074).
 */
export function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflowing(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
