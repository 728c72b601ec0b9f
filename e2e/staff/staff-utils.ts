import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export const STAFF = { email: 'staff@hopbox.example', password: 'staff1234', firstName: 'Sam' };
export const ADMIN = { email: 'admin@hopbox.example', password: 'admin1234' };
export const DEMO_LOCKER = 'HB100001';

/** A suffix that keeps this run's data apart from other journeys on the same server. */
export const runTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A real, decodable PNG (the API checks uploads by content), in a colour of its own. */
export function pngImage(r: number, g: number, b: number, width = 96, height = 72): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** Bearer headers of an account signed in through the API. */
export async function apiAuth(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/sso/signin', { data: { ...account, userType: 'user' } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string; user: { id: number } };
  return { headers: { Authorization: `Bearer ${body.token}` }, userId: body.user.id };
}

/** POST/GET through the API and expect a success status; returns the JSON answer. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  url: string,
  headers: Record<string, string>,
  data?: unknown,
): Promise<T> {
  const response = await request[method](url, { headers, data });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** axe-core over the whole page; every violation is listed with its nodes, so a failure says what to fix. */
export async function expectNoAxeViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }));
  expect(report, `axe violations on ${screen}`).toEqual([]);
}

/** The portal links a mail carries (http://localhost:PORT/...), decoded from the .eml text. */
export function portalLinks(mail: string, origin: string): string[] {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(mail.match(new RegExp(`${escaped}/[^\\s"'<>]*`, 'g')) ?? [])];
}
