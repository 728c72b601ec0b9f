export type StorageNoticeTone = 'accruing' | 'ending';

/** What each storage notice says: red once fees accrue, amber in the last days of free storage. */
export function storageNoticeText(tone: StorageNoticeTone, count: number, withinDays: number) {
  const one = count === 1;
  if (tone === 'accruing')
    return {
      title: `${one ? '1 package is' : `${count} packages are`} accruing storage fees`,
      detail: `Free storage has ended. Each further day adds a fee, charged with the shipment that takes ${one ? 'it' : 'them'}.`,
    };
  return {
    title: `${one ? "1 package's" : `${count} packages'`} free storage ends within ${withinDays} days`,
    detail: `Ship or consolidate ${one ? 'it' : 'them'} before then to pay no storage fee.`,
  };
}
