import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiSession, enterSecondFactor } from './second-factor';

export const DATA_DIR = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../.artifacts/data');
export const DEMO = { email: 'demo@hopbox.example', password: 'demo1234', name: 'Dana Demo' };
/** The demo warehouse account the seed creates. */
export const STAFF = { email: 'staff@hopbox.example', password: 'staff1234', firstName: 'Sam' };

/** A suffix that keeps this run's data (packages, addresses, labels) apart from other journeys on the same server. */
export const runId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * Signs in through the API (through the code step for staff and admins): the bearer header and the user (with
 * the locker number, null for staff).
 */
export async function apiSignIn(request: APIRequestContext, account: { email: string; password: string }) {
  const body = await apiSession(request, account);
  return { headers: { Authorization: `Bearer ${body.token}` }, user: body.user };
}

export interface ReceivedPackage {
  id: number;
  hopboxId: string;
}

/** A package's row in the Received packages table, found by its Hopbox ID. */
export const receivedPackageRow = (page: Page, hopboxId: string) =>
  page.getByRole('region', { name: 'Received packages' }).getByRole('row').filter({ hasText: hopboxId });

/** A document as the API takes it (a retailer's invoice, a return label): a PDF, recognised by its header. */
export const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
});

/** A small parcel from Germany with its value declared, as the warehouse receives it; `overrides` change any field. */
export function parcel(content: string, overrides: Record<string, unknown> = {}) {
  return {
    shipper: 'E2E Home Store',
    packageContent: content,
    origin: 'Germany',
    shipmentStatus: 'Not damaged',
    quantity: 1,
    unitPrice: 20,
    totalPrice: 20,
    currency: 'EUR',
    packageWeight: 0.8,
    unitWeight: 0.8,
    packageLength: 30,
    packageBreadth: 20,
    packageHeight: 15,
    ...overrides,
  };
}

/** The warehouse receives a package into a locker (POST /api/staff/packages with staff headers), expects it stored, and returns it. */
export async function staffReceivePackage(
  request: APIRequestContext,
  staffHeaders: Record<string, string>,
  lockerNumber: string | null,
  fields: Record<string, unknown>,
): Promise<ReceivedPackage> {
  // Shelved on the demo warehouses' first shelf unless the journey says where (decision 053).
  const response = await request.post('/api/staff/packages', {
    headers: staffHeaders,
    data: { lockerNumber, location: 'A-01-01', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: ReceivedPackage }).data;
}

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
  // Staff and admins type their authenticator's code next (decision 049).
  await enterSecondFactor(page, email);
}

/**
 * Holds every request matching `url` until the returned function is called, to see what the page
 * shows while it waits (busy labels, skeletons). Its `held()` says whether a request was caught, so a
 * pattern that matches nothing fails the test instead of holding nothing.
 */
export async function holdRequests(page: Page, url: string): Promise<(() => void) & { held: () => boolean }> {
  let release: () => void = () => {};
  let caught = false;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    caught = true;
    await gate;
    await route.continue();
  });
  return Object.assign(() => release(), { held: () => caught });
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/* ---- Accounts and session helpers (e2e/auth, e2e/shell) ---- */

/** SPEC.md section 3's browser storage keys of a session (the theme is kept apart). */
export const SESSION_KEYS = [
  'user_authToken',
  'user_refreshToken',
  'user_user',
  'user_userName',
  'user_userEmail',
  'user_userId',
  'user_tenantId',
  'user_userRole',
] as const;

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string;
  lockerNumber: string;
}

/** A fresh customer account through the sign-up API (faster than the form); for journeys that change account state. */
export async function createAccount(
  request: APIRequestContext,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; phoneNumber: string }> = {},
): Promise<TestAccount> {
  const body = {
    firstName: 'Test',
    lastName: `User${Math.random().toString(36).slice(2, 6)}`,
    email: uniqueEmail('e2e'),
    phoneNumber: '+971501112233',
    gender: 'other',
    country: 'United Arab Emirates',
    // Not one of the common passwords the server refuses.
    password: 'Cedar-route-42',
    ...overrides,
  };
  const response = await request.post('/api/sso/signup', { data: { ...body, retypePassword: body.password } });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { fullName: string; lockerNumber: string } };
  return {
    email: body.email,
    password: body.password,
    firstName: body.firstName,
    lastName: body.lastName,
    fullName: user.fullName,
    phone: body.phoneNumber,
    lockerNumber: user.lockerNumber,
  };
}

/** A JWT-shaped token (any signature) whose `exp` lies `secondsAgo` in the past. */
export function expiredJwt(secondsAgo = 3600): string {
  const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const header = b64url({ alg: 'HS256', typ: 'JWT' });
  const payload = b64url({ sub: '1', iat: now - secondsAgo - 900, exp: now - secondsAgo });
  return `${header}.${payload}.${Buffer.from('not-a-real-signature').toString('base64url')}`;
}

/** Every SPEC.md session key's value in the page's localStorage. */
export function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), [...SESSION_KEYS]);
}

/**
 * Signs in through the API and stores the session under SPEC.md's keys, as the sign-in page does,
 * then opens `path`. For journeys about the signed-in portal rather than the sign-in form: it skips
 * the form and its 2 s success toast.
 */
export async function openSignedIn(page: Page, email: string, password: string, path = '/dashboard') {
  const { token, refreshToken, user } = await apiSession(page.request, { email, password });
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ token, refreshToken, user }) => {
      localStorage.setItem('user_authToken', token);
      localStorage.setItem('user_refreshToken', refreshToken);
      localStorage.setItem('user_user', JSON.stringify(user));
      localStorage.setItem('user_userName', user.fullName);
      localStorage.setItem('user_userEmail', user.email);
      localStorage.setItem('user_userId', String(user.id));
      localStorage.setItem('user_tenantId', String(user.tenantId));
      localStorage.setItem('user_userRole', user.role);
    },
    { token, refreshToken, user },
  );
  await page.goto(path);
  return user;
}

/** Clicks the button named `button` in the table row showing `rowText`, and answers the dialog it opens, named `dialog`. */
export async function openRowDialog(page: Page, rowText: string, button: string, dialog: string) {
  await page.getByRole('row').filter({ hasText: rowText }).getByRole('button', { name: button }).click();
  const opened = page.getByRole('dialog', { name: dialog });
  await expect(opened).toBeVisible();
  return opened;
}

/**
 * Waits for the toast with `text`, then closes it with its close button, as a user would (so the
 * next step does not wait for it to time out).
 */
export async function expectToastAndClose(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toHaveCount(0);
}

/**
 * Measures, inside the page, the time from `text` appearing to the app moving to `pathname`
 * (a history push or replace). Measured by the page's own clock, so a slow test runner cannot
 * shorten or stretch it. Call before the action; await the returned function after the move.
 */
export async function watchRedirectDelay(page: Page, text: string, pathname: string): Promise<() => Promise<number>> {
  await page.evaluate(
    ({ text, pathname }) => {
      const marks: { shown?: number; moved?: number } = {};
      (window as unknown as { __e2eRedirect: typeof marks }).__e2eRedirect = marks;
      const seen = () => {
        if (marks.shown === undefined && document.body.textContent?.includes(text)) marks.shown = performance.now();
      };
      new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, characterData: true });
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          if (marks.moved === undefined && location.pathname === pathname) marks.moved = performance.now();
        };
      }
    },
    { text, pathname },
  );
  return async () => {
    // The page may pass through `pathname` on its way on (sign-up's /signin, decision 092), so the mark is awaited, not the URL.
    await page.waitForFunction(() => (window as unknown as { __e2eRedirect: { moved?: number } }).__e2eRedirect.moved !== undefined);
    const marks = await page.evaluate(() => (window as unknown as { __e2eRedirect: { shown?: number; moved?: number } }).__e2eRedirect);
    expect(marks.shown, `'${text}' was shown`).toBeDefined();
    expect(marks.moved, `moved to ${pathname}`).toBeDefined();
    return (marks.moved as number) - (marks.shown as number);
  };
}

/**
 * Measures, inside the page, how long an element matching `selector` (and containing `text`, if
 * given) stays in the document: from its first appearance to its removal. Call before the action
 * that shows it; await the returned function once it is gone.
 */
export async function watchPresence(page: Page, selector: string, text?: string): Promise<() => Promise<number>> {
  const key = `__e2ePresence${Math.random().toString(36).slice(2, 8)}`;
  await page.evaluate(
    ({ key, selector, text }) => {
      const marks: { shown?: number; gone?: number } = {};
      (window as unknown as Record<string, typeof marks>)[key] = marks;
      const present = () => Array.from(document.querySelectorAll(selector)).some((el) => !text || el.textContent?.includes(text));
      const check = () => {
        const now = performance.now();
        if (marks.shown === undefined) {
          if (present()) marks.shown = now;
        } else if (marks.gone === undefined && !present()) marks.gone = now;
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    },
    { key, selector, text },
  );
  return async () => {
    await expect
      .poll(() => page.evaluate((key) => (window as unknown as Record<string, { gone?: number }>)[key]?.gone !== undefined, key), {
        timeout: 10_000,
      })
      .toBe(true);
    const marks = await page.evaluate((key) => (window as unknown as Record<string, { shown: number; gone: number }>)[key], key);
    return (marks?.gone ?? 0) - (marks?.shown ?? 0);
  };
}
