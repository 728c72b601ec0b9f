/** Seconds in a day. */
const DAY = 86_400;

/** "Every 15 minutes", "Every hour", "Every 2 seconds": how often something runs, in the largest whole unit. */
export function formatEvery(seconds: number): string {
  const units: [number, string][] = [
    [DAY, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size && seconds % size === 0) return seconds === size ? `Every ${unit}` : `Every ${seconds / size} ${unit}s`;
  }
  return `Every ${seconds} seconds`;
}

/** "35 ms", "1.2 s", "2 min 5 s": how long something took. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
