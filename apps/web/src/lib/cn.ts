import { type ClassValue, clsx } from 'clsx';

/** Joins class names; a thin alias so components read `cn(...)`. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
