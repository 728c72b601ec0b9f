import { useSyncExternalStore } from 'react';
import { answer, publicApi } from './api-client';

export interface AppConfig {
  brandName: string;
  providerUrl: string;
}

export const DEFAULT_BRAND_NAME = 'Hopbox';
const DEFAULT_CONFIG: AppConfig = { brandName: DEFAULT_BRAND_NAME, providerUrl: '' };

// One request per page load, kept without the data cache: /signin shows the brand before that
// library would load (decision 035).
let current = DEFAULT_CONFIG;
let asked = false;
const listeners = new Set<() => void>();

/** Asks once; after a failure (the defaults stay shown) the next component to read it asks again. */
function requestConfig(): void {
  if (asked) return;
  asked = true;
  answer(publicApi.GET('/api/config')).then(
    (data) => {
      current = { brandName: data?.brandName || DEFAULT_BRAND_NAME, providerUrl: data?.providerUrl || '' };
      for (const listener of listeners) listener();
    },
    () => {
      asked = false;
    },
  );
}

function subscribe(listener: () => void): () => void {
  requestConfig();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** GET /api/config: the brand and the provider link, so a rebrand needs no rebuild. */
export function useAppConfig(): AppConfig {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULT_CONFIG,
  );
}
