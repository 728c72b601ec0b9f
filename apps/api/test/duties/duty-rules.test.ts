import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DUTY_CHAPTERS_MAX, dutyRuleInputSchema, dutyRuleMessages } from '@hopbox/contracts/duty-rules';
import { messages } from '@hopbox/contracts/messages';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, dutyRules } from '../../src/db/schema.ts';
import { dutyRulesOf } from '../../src/modules/duties/duty-rules-repository.ts';
import { GCC_DUTY_RULES, seedGccDutyRules } from '../../src/modules/duties/gcc-duty-rules.ts';
import { seedDemo } from '../demo-helper.ts';
import { buildTestApp, expectError, type Headers, useTestApp } from '../helper.ts';
import { runCli } from '../run-cli.ts';

/** Issue "No surprise at the door" (decision 071): the import duty rules admins keep per destination country. */

const URL = '/api/admin/duty-rules';

/** Germany's figures as a test sets them, and as the API answers them (chapters sorted). */
const GERMANY = {
  currency: 'EUR',
  dutyFreeUpTo: 150,
  vatFreeUpTo: 0,
  dutyRate: 4.5,
  vatRate: 19,
  dutyBasis: 'CIF',
  fees: 6,
  exemptHsChapters: ['30', '49'],
  hsChapterRates: { '61': 12, '22': 20 },
};

/** A valid rule body. */
const ruleBody = (overrides: Record<string, unknown> = {}) => ({
  ...GERMANY,
  exemptHsChapters: ['49', '30'],
  source: 'A test rule',
  ...overrides,
});

interface RuleAnswer {
  countryCode: string;
  countryName: string;
  currency: string;
  updatedAt: string;
  [field: string]: unknown;
}

describe('duty rules API', () => {
  const s = useTestApp(async (t) => ({
    admin: (await t.userWithToken('admin')).headers,
    staff: (await t.userWithToken('staff')).headers,
    customer: (await t.userWithToken('user')).headers,
  }));

  const put = (code: string, payload: unknown, headers: Headers = s.admin) =>
    s.t.app.inject({ method: 'PUT', url: `${URL}/${code}`, headers, payload: payload as Record<string, unknown> });
  const remove = (code: string, headers: Headers = s.admin) => s.t.app.inject({ method: 'DELETE', url: `${URL}/${code}`, headers });
  const list = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: URL, headers: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rules as RuleAnswer[];
  };
  const lastAudit = async (entityId: number) => {
    const [entry] = await s.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'duty_rule'), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return entry;
  };

  describe('who may call it', () => {
    const calls = [
      ['GET', () => s.t.app.inject({ method: 'GET', url: URL, headers: s.customer }), () => s.t.app.inject({ method: 'GET', url: URL })],
      ['PUT', () => put('DE', ruleBody(), s.customer), () => s.t.app.inject({ method: 'PUT', url: `${URL}/DE`, payload: ruleBody() })],
      ['DELETE', () => remove('DE', s.customer), () => s.t.app.inject({ method: 'DELETE', url: `${URL}/DE` })],
    ] as const;

    it.each(calls)('%s answers 403 to a customer, 401 without a token', async (_method, asCustomer, signedOut) => {
      expectError(await asCustomer(), 403, messages.transport.forbidden);
      expectError(await signedOut(), 401, messages.transport.sessionExpired);
    });

    it('answers staff 403 on each route, before reading the input', async () => {
      expectError(await s.t.app.inject({ method: 'GET', url: URL, headers: s.staff }), 403, messages.transport.forbidden);
      expectError(await put('XX', { dutyRate: 'lots' }, s.staff), 403, messages.transport.forbidden);
      expectError(await remove('DE', s.staff), 403, messages.transport.forbidden);
      expect(await list()).toEqual([]);
    });
  });

  describe('writing', () => {
    it('creates a rule, answers it with the country and records who did it', async () => {
      const res = await put('DE', ruleBody());
      expect(res.statusCode, res.body).toBe(200);
      const { rule } = res.json();
      expect(rule).toEqual({
        countryCode: 'DE',
        countryName: 'Germany',
        ...GERMANY,
        source: 'A test rule',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      // The pricing's read: the figures alone.
      expect((await dutyRulesOf(s.t.db, ['de'])).get('DE')).toEqual(GERMANY);
      // Germany is 276 in ISO 3166-1 numeric.
      expect(await lastAudit(276)).toMatchObject({ action: 'duty_rule.created', before: null, after: { countryCode: 'DE', vatRate: 19 } });
    });

    it('replaces the whole rule: fields left out take their defaults, and only the changes are audited', async () => {
      const res = await put('de', { currency: 'eur', dutyFreeUpTo: 150, vatFreeUpTo: 0, dutyRate: 4.5, vatRate: 7, dutyBasis: 'FOB' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rule).toMatchObject({
        countryCode: 'DE',
        currency: 'EUR',
        vatRate: 7,
        dutyBasis: 'FOB',
        fees: 0,
        exemptHsChapters: [],
        hsChapterRates: {},
        source: null,
      });
      const rules = await list();
      expect(rules.filter((r) => r.countryCode === 'DE')).toHaveLength(1);
      const audit = await lastAudit(276);
      expect(audit).toMatchObject({ action: 'duty_rule.updated', before: { vatRate: 19, dutyBasis: 'CIF' }, after: { vatRate: 7 } });
      expect(audit?.before).not.toHaveProperty('dutyRate');
    });

    it('accepts the country code in lower case and as numbers written as text', async () => {
      const res = await put('fr', ruleBody({ dutyRate: '3.5', vatRate: '20', dutyFreeUpTo: '150.00' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rule).toMatchObject({ countryCode: 'FR', countryName: 'France', dutyRate: 3.5, vatRate: 20, dutyFreeUpTo: 150 });
    });

    it('lists the rules by country name, not by code', async () => {
      await put('AL', ruleBody({ currency: 'EUR' }));
      await put('BS', ruleBody({ currency: 'USD' }));
      // Albania (AL), Bahamas (BS), France (FR), Germany (DE): DE would come before FR by code.
      expect((await list()).map((r) => r.countryName)).toEqual(['Albania', 'Bahamas', 'France', 'Germany']);
    });

    it('removes a rule, after which pricing finds none and a second removal is a 404', async () => {
      const res = await remove('al');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: dutyRuleMessages.deleted });
      expect((await dutyRulesOf(s.t.db, ['AL'])).get('AL')).toBeUndefined();
      expect((await list()).map((r) => r.countryCode)).not.toContain('AL');
      // Albania is 8 in ISO 3166-1 numeric.
      expect(await lastAudit(8)).toMatchObject({ action: 'duty_rule.deleted', after: null, before: { countryCode: 'AL' } });
      expectError(await remove('AL'), 404, dutyRuleMessages.notFound);
      expectError(await remove('JP'), 404, dutyRuleMessages.notFound);
    });
  });

  describe('refusing bad input with the contracts’ messages', () => {
    it.each([
      ['a rate over 100', { vatRate: 101 }, dutyRuleMessages.rate, 'vatRate'],
      ['a negative rate', { dutyRate: -1 }, dutyRuleMessages.rate, 'dutyRate'],
      ['a rate in thousandths', { dutyRate: 5.125 }, dutyRuleMessages.rate, 'dutyRate'],
      ['a rate that is not a number', { dutyRate: 'five' }, dutyRuleMessages.rate, 'dutyRate'],
      ['an empty rate, never read as 0', { vatRate: '' }, dutyRuleMessages.rate, 'vatRate'],
      ['a rate of null', { dutyRate: null }, dutyRuleMessages.rate, 'dutyRate'],
      ['an empty threshold', { dutyFreeUpTo: '' }, dutyRuleMessages.amount, 'dutyFreeUpTo'],
      ['a chapter rate over 100', { hsChapterRates: { '24': 150 } }, dutyRuleMessages.rate, 'hsChapterRates.24'],
      ['a negative threshold', { dutyFreeUpTo: -5 }, dutyRuleMessages.amount, 'dutyFreeUpTo'],
      ['a threshold past the bound', { vatFreeUpTo: 10_000_001 }, dutyRuleMessages.amount, 'vatFreeUpTo'],
      ['fees in thousandths', { fees: 1.005 }, dutyRuleMessages.amount, 'fees'],
      ['a one-digit exempt chapter', { exemptHsChapters: ['4'] }, dutyRuleMessages.chapter, 'exemptHsChapters.0'],
      ['chapter 00', { exemptHsChapters: ['00'] }, dutyRuleMessages.chapter, 'exemptHsChapters.0'],
      ['a heading for a chapter', { hsChapterRates: { '2204': 50 } }, dutyRuleMessages.chapter, 'hsChapterRates.2204'],
      ['chapters that are not a list', { exemptHsChapters: '49' }, dutyRuleMessages.chapter, 'exemptHsChapters'],
      ['a basis other than FOB or CIF', { dutyBasis: 'DDP' }, dutyRuleMessages.basis, 'dutyBasis'],
      ['a currency of 4 letters', { currency: 'EURO' }, dutyRuleMessages.currency, 'currency'],
      ['a currency of digits', { currency: '978' }, dutyRuleMessages.currency, 'currency'],
      ['a missing currency', { currency: undefined }, dutyRuleMessages.currency, 'currency'],
      ['a source over 300 characters', { source: 'x'.repeat(301) }, 'Source can be at most 300 characters', 'source'],
    ])('answers 400 for %s', async (_case, overrides, message, field) => {
      expectError(await put('IT', ruleBody(overrides)), 400, message, field);
    });

    it('answers 400 for a currency the product cannot convert, checked after the shape', async () => {
      expectError(await put('IT', ruleBody({ currency: 'XYZ' })), 400, dutyRuleMessages.currency, 'currency');
      expectError(await put('IT', ruleBody({ currency: 'BRL' })), 400, dutyRuleMessages.currency, 'currency');
    });

    it.each(['XX', 'ZZ', 'A1', 'ARE', 'AUH', 'United Arab Emirates'])('answers 400 for the country code %s', async (code) => {
      expectError(await put(encodeURIComponent(code), ruleBody()), 400, dutyRuleMessages.unknownCountry, 'countryCode');
      expectError(await remove(encodeURIComponent(code)), 400, dutyRuleMessages.unknownCountry, 'countryCode');
    });

    it('bounds what it reads: a long code, more chapters than there are, a body over the limit', async () => {
      // Fastify itself answers a path parameter over 100 characters, before any route.
      expectError(await put('A'.repeat(100), ruleBody()), 400, dutyRuleMessages.unknownCountry, 'countryCode');
      const chapters = Array.from({ length: DUTY_CHAPTERS_MAX + 1 }, (_, i) => String((i % 99) + 1).padStart(2, '0'));
      expect((await put('IT', ruleBody({ exemptHsChapters: chapters }))).statusCode).toBe(400);
      expectError(await put('IT', ruleBody({ currency: 'E'.repeat(100_000) })), 400, dutyRuleMessages.currency, 'currency');
      const huge = await put('IT', ruleBody({ source: 'x'.repeat(2 * 1024 * 1024) }));
      expectError(huge, 413, messages.transport.fileTooLarge);
      expect((await dutyRulesOf(s.t.db, ['IT'])).get('IT')).toBeUndefined();
    });
  });
});

describe('the GCC rules', () => {
  it('are valid rules with sources that fit, each in a currency the product converts', () => {
    for (const { countryCode, rule, source } of GCC_DUTY_RULES) {
      const parsed = dutyRuleInputSchema.safeParse({ ...rule, source });
      expect(parsed.success, `${countryCode}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect(GCC_DUTY_RULES.map((r) => r.countryCode).sort()).toEqual(['AE', 'BH', 'KW', 'OM', 'QA', 'SA']);
  });

  const s = useTestApp(async (t) => ({ admin: (await t.userWithToken('admin')).headers }));

  it('are added only where a country has no rule, so an admin’s change survives a second run', async () => {
    const changed = await s.t.app.inject({
      method: 'PUT',
      url: `${URL}/QA`,
      headers: s.admin,
      payload: { currency: 'QAR', dutyFreeUpTo: 3000, vatFreeUpTo: 0, dutyRate: 5, vatRate: 0, dutyBasis: 'CIF' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await seedGccDutyRules(s.t.db)).toEqual({ added: ['AE', 'SA', 'BH', 'OM', 'KW'], kept: ['QA'] });
    expect(await seedGccDutyRules(s.t.db)).toEqual({ added: [], kept: ['AE', 'SA', 'BH', 'OM', 'QA', 'KW'] });
    expect((await dutyRulesOf(s.t.db, ['QA'])).get('QA')?.dutyFreeUpTo).toBe(3000);
  });

  it('are in the demo data: the UAE at 5 % duty on CIF, 5 % VAT, duty-free up to AED 1,000', async () => {
    const t = await buildTestApp();
    try {
      await seedDemo(t);
      const admin = (await t.userWithToken('admin')).headers;
      const res = await t.app.inject({ method: 'GET', url: URL, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      const rules = res.json().rules as RuleAnswer[];
      expect(rules.map((r) => r.countryName)).toEqual(['Bahrain', 'Kuwait', 'Oman', 'Qatar', 'Saudi Arabia', 'United Arab Emirates']);
      expect(rules.find((r) => r.countryCode === 'AE')).toMatchObject({
        currency: 'AED',
        dutyFreeUpTo: 1000,
        vatFreeUpTo: 0,
        dutyRate: 5,
        vatRate: 5,
        dutyBasis: 'CIF',
        fees: 0,
        exemptHsChapters: ['30', '49'],
        hsChapterRates: { '22': 50, '24': 100 },
        source: expect.stringContaining('Federal Decree-Law No. 8 of 2017'),
      });
      expect(rules.find((r) => r.countryCode === 'SA')).toMatchObject({ currency: 'SAR', vatRate: 15, hsChapterRates: { '24': 100 } });
    } finally {
      await t.close();
    }
  });

  it('are added on any database by `npm run cli -- duty-rules:seed-gcc`, and a second run adds nothing', async () => {
    // In the api-postgres project on the suite's PostgreSQL database; otherwise on an embedded one of its own.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-duty-cli-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: s.t.config.databaseUrl ?? undefined };
    await s.t.db.delete(dutyRules);
    try {
      const first = await runCli(['duty-rules:seed-gcc'], env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('Added the duty rules of AE, SA, BH, OM, QA, KW; kept none as they were.');
      expect(first.stdout).toContain('Confirm their figures against the current law');
      const again = await runCli(['duty-rules:seed-gcc'], env);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('Added the duty rules of no country; kept AE, SA, BH, OM, QA, KW as they were.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
