import type { Host } from '@hopbox/contracts/hosts';

/** "45 days free": how long a host keeps a package free of charge. */
export const freeDaysText = (host: Pick<Host, 'freeStorageDays'>) =>
  `${host.freeStorageDays} ${host.freeStorageDays === 1 ? 'day' : 'days'} free`;

/** "2.00 AED/day": what each started day after them costs, per package. */
export const dailyFeeText = (host: Pick<Host, 'storageFeePerDay'>) => `${host.storageFeePerDay.toFixed(2)} AED/day`;

/** "45 days free · 2.00 AED/day": a host's storage terms in one line (the Hosts cards). */
export const storageTermsText = (host: Pick<Host, 'freeStorageDays' | 'storageFeePerDay'>) =>
  `${freeDaysText(host)} · ${dailyFeeText(host)}`;
