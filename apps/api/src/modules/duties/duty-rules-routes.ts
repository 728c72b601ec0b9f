import {
  dutyCountrySchema,
  dutyRuleInputSchema,
  dutyRuleMessages,
  dutyRuleResponseSchema,
  dutyRulesResponseSchema,
} from '@hopbox/contracts/duty-rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { listDutyRules } from './duty-rules-repository.ts';
import { removeDutyRule, saveDutyRule } from './duty-rules-service.ts';

const countryParams = z.object({ countryCode: dutyCountrySchema });

/** The import duty rules per destination country that admins keep (decision 071); pricing reads them to estimate duties. */
export async function dutyRulesRoutes(fastify: FastifyInstance) {
  const { app, asAdmin } = moduleRoutes(fastify, 'duties');

  app.get(
    '/api/admin/duty-rules',
    asAdmin({
      operationId: 'listDutyRules',
      summary: 'Every destination country with an import duty rule, by country name',
      response: { 200: dutyRulesResponseSchema, ...errorResponses(401, 403) },
    }),
    async () => ({ success: true as const, rules: await listDutyRules(app.deps.db) }),
  );

  app.put(
    '/api/admin/duty-rules/:countryCode',
    asAdmin({
      operationId: 'saveDutyRule',
      summary: "Create or replace a country's import duty rule (the ISO code, upper or lower case)",
      params: countryParams,
      body: dutyRuleInputSchema,
      response: { 200: dutyRuleResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request) => ({
      success: true as const,
      rule: await saveDutyRule(app.deps, request.auth.user.id, request.params.countryCode, request.body),
    }),
  );

  app.delete(
    '/api/admin/duty-rules/:countryCode',
    asAdmin({
      operationId: 'deleteDutyRule',
      summary: "Remove a country's import duty rule: its prices then say duties are not estimated",
      params: countryParams,
      response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      await removeDutyRule(app.deps, request.auth.user.id, request.params.countryCode);
      return { success: true as const, message: dutyRuleMessages.deleted };
    },
  );
}
