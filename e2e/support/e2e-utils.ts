import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.artifacts/data');
export const DEMO = { email: 'demo@hopbox.example', password: 'demo1234', name: 'Dana Demo' };

/** Every mail in the outbox as decoded text, oldest first. */
export function outbox(): string[] {
  const dir = path.join(DATA_DIR, 'outbox');
  try {
    return readdirSync(dir)
      .sort()
      .map((f) => decodeQuotedPrintable(readFileSync(path.join(dir, f), 'utf8')));
  } catch {
    return [];
  }
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for a mail to `to` whose text matches, and returns that text. */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outbox().find((m) => m.includes(`To: ${to}`) && pattern.test(m));
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as string;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}
