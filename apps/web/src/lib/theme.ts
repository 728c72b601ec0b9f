import { STORAGE_KEYS } from '@hopbox/contracts/constants';
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function readTheme(): Theme {
  try {
    return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

let current: Theme = typeof window === 'undefined' ? 'light' : readTheme();

/** Applies the theme to <html> (Tailwind's `dark` class) and stores it as SPEC.md's `theme`. */
export function setTheme(theme: Theme): void {
  current = theme;
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // Private mode without storage: the theme lasts for this page only.
  }
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => 'light',
  );
}
