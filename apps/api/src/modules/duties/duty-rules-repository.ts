import { COUNTRIES, countryName } from '@hopbox/contracts/countries';
import type { DutyRule } from '@hopbox/contracts/duties';
import type { DutyRuleView } from '@hopbox/contracts/duty-rules';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dutyRules } from '../../db/schema.ts';

type DutyRuleRow = typeof dutyRules.$inferSelect;

/** A rule as stored for one country: the figures, and where they come from. */
export interface DutyRuleRecord {
  countryCode: string;
  rule: DutyRule;
  source: string | null;
}

export function toDutyRuleView(row: DutyRuleRow): DutyRuleView {
  return {
    countryCode: row.countryCode,
    countryName: countryName(row.countryCode) ?? row.countryCode,
    ...row.rule,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every rule, by country name. At most one a country, so the list is bounded by the list of countries. */
export async function listDutyRules(db: Executor): Promise<DutyRuleView[]> {
  const rows = await db.select().from(dutyRules).limit(COUNTRIES.length);
  return rows.map(toDutyRuleView).sort((a, b) => a.countryName.localeCompare(b.countryName));
}

export async function findDutyRule(db: Executor, countryCode: string): Promise<DutyRuleView | undefined> {
  const [row] = await db.select().from(dutyRules).where(eq(dutyRules.countryCode, countryCode)).limit(1);
  return row && toDutyRuleView(row);
}

/** The rules of these destinations (ISO codes), read at once for a price or a list of prices; one without is absent. */
export async function dutyRulesOf(db: Executor, countries: readonly string[]): Promise<Map<string, DutyRule>> {
  const codes = [...new Set(countries.map((c) => c.toUpperCase()))];
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: dutyRules.countryCode, rule: dutyRules.rule })
    .from(dutyRules)
    .where(inArray(dutyRules.countryCode, codes));
  return new Map(rows.map((r) => [r.code, r.rule]));
}

/** Creates the country's rule or replaces it whole. */
export async function upsertDutyRule(db: Executor, record: DutyRuleRecord, updatedBy: number): Promise<DutyRuleView> {
  const values = { rule: record.rule, source: record.source, updatedBy };
  const [row] = await db
    .insert(dutyRules)
    .values({ countryCode: record.countryCode, ...values })
    .onConflictDoUpdate({ target: dutyRules.countryCode, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error(`duty rule for ${record.countryCode} was not saved`);
  return toDutyRuleView(row);
}

/** Removes the country's rule; answers whether there was one. */
export async function deleteDutyRule(db: Executor, countryCode: string): Promise<boolean> {
  const removed = await db.delete(dutyRules).where(eq(dutyRules.countryCode, countryCode)).returning({ code: dutyRules.countryCode });
  return removed.length > 0;
}

/** Adds the rules of countries that have none; a country's existing rule, an admin's or not, is left as it is. Answers the codes added. */
export async function insertMissingDutyRules(db: Executor, records: readonly DutyRuleRecord[]): Promise<string[]> {
  if (records.length === 0) return [];
  const added = await db
    .insert(dutyRules)
    .values(records.map((r) => ({ countryCode: r.countryCode, rule: r.rule, source: r.source })))
    .onConflictDoNothing({ target: dutyRules.countryCode })
    .returning({ code: dutyRules.countryCode });
  return added.map((r) => r.code);
}
