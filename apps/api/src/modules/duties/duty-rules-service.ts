import { countryNumericCode } from '@hopbox/contracts/countries';
import type { DutyRule } from '@hopbox/contracts/duties';
import { type DutyRuleView, type dutyRuleInputSchema, dutyRuleMessages } from '@hopbox/contracts/duty-rules';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { changedFields, recordAudit } from '../audit/audit-repository.ts';
import { toAed } from '../pricing/declared-value.ts';
import * as repo from './duty-rules-repository.ts';

type ParsedDutyRuleInput = z.output<typeof dutyRuleInputSchema>;

/** The figures the calculation reads, without the note of where they come from. */
function ruleOf(input: ParsedDutyRuleInput): DutyRule {
  const { source: _source, ...rule } = input;
  return rule;
}

/** A rule's thresholds and fees are converted to the price's currency (AED) by the rate card's table, so it must list the currency. */
function requireConvertible(currency: string) {
  if (toAed(1, currency) === null) throw badRequest(dutyRuleMessages.currency, 'currency');
}

/** Duty rules are audited like every other admin change, by the country's ISO numeric code (the log's ids are numbers). */
async function audited(
  db: Executor,
  actorId: number,
  action: string,
  countryCode: string,
  before: DutyRuleView | null,
  after: DutyRuleView | null,
) {
  const entityId = countryNumericCode(countryCode);
  if (entityId === undefined) return;
  const diff = before && after ? changedFields(before, after) : { before, after };
  await recordAudit(db, { actorId, action, entityType: 'duty_rule', entityId, ...diff });
}

/** Creates or replaces the country's rule. */
export async function saveDutyRule(deps: AppDeps, actorId: number, countryCode: string, input: ParsedDutyRuleInput) {
  requireConvertible(input.currency);
  return deps.db.transaction(async (tx) => {
    const before = await repo.findDutyRule(tx, countryCode);
    const saved = await repo.upsertDutyRule(tx, { countryCode, rule: ruleOf(input), source: input.source }, actorId);
    await audited(tx, actorId, before ? 'duty_rule.updated' : 'duty_rule.created', countryCode, before ?? null, saved);
    return saved;
  });
}

/** Removes the country's rule: its prices then say duties are not estimated. */
export async function removeDutyRule(deps: AppDeps, actorId: number, countryCode: string) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findDutyRule(tx, countryCode);
    if (!before || !(await repo.deleteDutyRule(tx, countryCode))) throw notFound(dutyRuleMessages.notFound);
    await audited(tx, actorId, 'duty_rule.deleted', countryCode, before, null);
  });
}
