import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The demo staff and admin authenticator keys the seed enrols and the README publishes (decision 049). */
export const DEMO_TOTP_SECRETS: Readonly<Record<string, string>> = {
  'staff@hopbox.example': 'HOPBOXDEMOSTAFFTOTPSECRETKEY2345',
  'admin@hopbox.example': 'HOPBOXDEMOADMINTOTPSECRETKEY2345',
};

const PERIOD_MS = 30_000;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret: string): Buffer {
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

/** RFC 6238's code (SHA-1, 6 digits, 30-second steps) of a base32 secret at a moment, as an authenticator app shows it. */
export function totpCode(secret: string, atMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / PERIOD_MS)));
  const hmac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (hmac.at(-1) as number) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The last time step each secret's code was typed in, kept in a file of the journeys' data folder: a failed
 * journey restarts its worker, and a new worker must not type a code the API has already taken.
 */
const STEPS_FILE = path.join(process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.artifacts/data'), 'totp-steps.json');
const readSteps = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};

/**
 * A code of a time step not used before with this secret: the API accepts each step's code once, and the
 * current step or the next (clock drift). The journeys run in one worker at a time, so the file sees every code
 * they type; when both steps are spent it waits for the next one.
 */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / PERIOD_MS);
    const steps = readSteps();
    const step = Math.max(now, (steps[secret] ?? now - 1) + 1);
    if (step <= now + 1) {
      mkdirSync(path.dirname(STEPS_FILE), { recursive: true });
      writeFileSync(STEPS_FILE, JSON.stringify({ ...steps, [secret]: step }));
      return totpCode(secret, step * PERIOD_MS);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * PERIOD_MS - Date.now() + 50));
  }
}

/** Sign-in's answer: the session, as the journeys read it. */
export interface SessionAnswer {
  token: string;
  refreshToken: string;
  user: { id: number; fullName: string; email: string; tenantId: number; role: string; lockerNumber: string | null };
}

/** Verified sessions of the demo staff and admin, reused while young: each new one costs a time step's code. */
const verified = new Map<string, SessionAnswer & { at: number }>();
const REUSE_MS = 10 * 60_000;

/**
 * Signs in through the API as the web app does: the password, then the code step for an account with a second
 * factor (the demo staff and admin). Their sessions are reused for ten minutes, well inside the access token's
 * fifteen, so a page given one never has to refresh it.
 */
export async function apiSession(request: APIRequestContext, account: { email: string; password: string }): Promise<SessionAnswer> {
  const secret = DEMO_TOTP_SECRETS[account.email];
  const kept = verified.get(account.email);
  if (secret && kept && Date.now() - kept.at < REUSE_MS) return kept;
  const response = await request.post('/api/sso/signin', { data: { ...account, userType: 'user' } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as SessionAnswer | { mfaRequired: true; mfaToken: string };
  if (!('mfaRequired' in body)) return body;
  expect(secret, `the authenticator key of ${account.email}`).toBeDefined();
  const verify = await request.post('/api/auth/mfa/verify', { data: { mfaToken: body.mfaToken, code: await freshCode(secret as string) } });
  expect(verify.status(), await verify.text()).toBe(200);
  const session = (await verify.json()) as SessionAnswer;
  verified.set(account.email, { ...session, at: Date.now() });
  return session;
}

/** On the sign-in page's code step, types a fresh code of the account's authenticator and verifies. */
export async function enterSecondFactor(page: Page, email: string) {
  const secret = DEMO_TOTP_SECRETS[email];
  if (!secret) return;
  await page.getByLabel('Authentication code').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}
