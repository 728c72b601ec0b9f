export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
