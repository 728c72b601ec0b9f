import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, passwordResetTokens, rateLimits, refreshTokens, sandboxOrders, sessions } from '../../src/db/schema.ts';
import { runHousekeeping } from '../../src/modules/housekeeping/housekeeping-service.ts';
import { addAddress, buildTestApp, pathOf, receivePackage, shippingQuote, useTestApp } from '../helper.ts';

describe('the sandbox payment page answers only its own form', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const alice = await t.userWithToken('user');
    const p = await receivePackage(t, staff, alice.user.lockerNumber as string);
    const home = await addAddress(t, alice.headers);
    const { price } = await shippingQuote(t, alice.headers, [p], home.country);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/shipment-payment/generate',
      headers: alice.headers,
      payload: { amount: price.toFixed(2), currency: 'AED', packages: [p.hopboxId], addressId: home.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const href = res.json()._links.payment.href;
    const reference = pathOf(href).split('/').pop() as string;
    return { href, reference };
  });

  const answer = (headers: Record<string, string>) =>
    s.t.app.inject({
      method: 'POST',
      url: pathOf(s.href),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'action=pay',
    });
  const state = async () => (await s.t.db.select().from(sandboxOrders).where(eq(sandboxOrders.reference, s.reference)))[0]?.state;

  it('refuses Pay posted by a form on another site, and the order stays open', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.hopbox.test' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await answer(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).toContain('Payment refused');
      expect(await state()).toBe('STARTED');
    }
  });

  it('takes Pay from its own page, as Chromium sends it under Referrer-Policy: no-referrer', async () => {
    const res = await answer({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(303);
    expect(await state()).toBe('CAPTURED');
  });
});

describe('API documentation page', () => {
  it('is served outside production and off in production unless API_DOCS=true', async () => {
    const dev = await buildTestApp();
    expect((await dev.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    await dev.close();
    const prod = await buildTestApp({ NODE_ENV: 'production', SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' });
    expect((await prod.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
    await prod.close();
    const opted = await buildTestApp({ NODE_ENV: 'production', SANDBOX_PAYMENTS_IN_PRODUCTION: 'true', API_DOCS: 'true' });
    expect((await opted.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    await opted.close();
  });
});

describe('housekeeping', () => {
  const s = useTestApp({ MAIL_RETENTION_DAYS: '30' });

  const mail = (status: string, sentDaysAgo: number | null) => ({
    kind: 'test',
    toAddress: 'someone@example.com',
    subject: `${status} ${sentDaysAgo}`,
    textBody: 'Reset: https://portal.hopbox.test/reset-password?token=secret',
    htmlBody: '<p>secret</p>',
    status,
    sentAt: sentDaysAgo === null ? null : new Date(Date.now() - sentDaysAgo * 86_400_000),
  });

  it('empties the bodies of mail sent longer ago than the retention period, keeping who, what and when', async () => {
    const rows = await s.t.db
      .insert(outboxMessages)
      .values([mail('SENT', 31), mail('SENT', 29), mail('FAILED', null), mail('QUEUED', null)])
      .returning({ id: outboxMessages.id });
    expect(await runHousekeeping(s.t.app.deps)).toMatchObject({ mailBodiesCleared: 1 });
    const after = await s.t.db.select().from(outboxMessages).orderBy(outboxMessages.id);
    const byId = new Map(after.map((r) => [r.id, r]));
    expect(byId.get(rows[0]?.id as number)).toMatchObject({ textBody: '', htmlBody: '', subject: 'SENT 31', status: 'SENT' });
    for (const row of rows.slice(1)) expect(byId.get(row.id)?.textBody).toContain('token=secret');
    expect(await runHousekeeping(s.t.app.deps)).toMatchObject({ mailBodiesCleared: 0 });
  });

  it('deletes rate-limit counters, refresh tokens and reset tokens once they have expired, and nothing live', async () => {
    const user = await s.t.createUser('user');
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await s.t.db.insert(rateLimits).values([
      { key: 'test:expired', windowStart: past, count: 3, expiresAt: past },
      { key: 'test:live', windowStart: past, count: 3, expiresAt: future },
    ]);
    const [session] = await s.t.db.insert(sessions).values({ userId: user.id }).returning({ id: sessions.id });
    const sessionId = session?.id as number;
    await s.t.db.insert(refreshTokens).values([
      { sessionId, tokenHash: 'a'.repeat(64), expiresAt: past },
      { sessionId, tokenHash: 'b'.repeat(64), expiresAt: future },
    ]);
    await s.t.db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: 'c'.repeat(64), expiresAt: past },
      { userId: user.id, tokenHash: 'd'.repeat(64), expiresAt: future },
    ]);

    const result = await runHousekeeping(s.t.app.deps);
    expect(result.rateLimitsPruned).toBeGreaterThanOrEqual(1);
    expect(result.tokensPruned).toBe(2);
    expect((await s.t.db.select().from(rateLimits)).map((r) => r.key)).toContain('test:live');
    expect((await s.t.db.select().from(rateLimits)).map((r) => r.key)).not.toContain('test:expired');
    expect((await s.t.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId))).map((r) => r.tokenHash)).toEqual([
      'b'.repeat(64),
    ]);
    expect(
      (await s.t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).map((r) => r.tokenHash),
    ).toEqual(['d'.repeat(64)]);
  });
});
