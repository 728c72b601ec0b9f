import { useEffect, useState } from 'react';

/** The last value that was not null: what a dialog keeps showing while it closes. */
export function useLastShown<T>(value: T | null): T | null {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (value) setShown(value);
  }, [value]);
  return shown;
}
