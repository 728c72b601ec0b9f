import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code loads the first time it opens, not with the page: its form, schema and
 * country libraries stay out of what the page needs before it is interactive. Once opened it stays
 * mounted, so closing keeps its own behaviour (focus return, exit).
 */
export function lazyDialog<P extends { isOpen: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.isOpen);
    if (props.isOpen && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
