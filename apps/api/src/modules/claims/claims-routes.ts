import {
  claimEligibilityQuerySchema,
  claimInputSchema,
  claimReplySchema,
  claimSchema,
  claimWindowSchema,
  staffClaimDetailSchema,
  staffClaimSchema,
  staffClaimsQuerySchema,
  staffClaimUpdateSchema,
} from '@hopbox/contracts/claims';
import { idParamsSchema } from '@hopbox/contracts/ids';
import { pageOf, pageWindowQuerySchema } from '@hopbox/contracts/pages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { photoFileRoutes } from '../../lib/document-routes.ts';
import { errorResponses, JSON_OR_FORM, moduleRoutes, successOf } from '../../plugins/openapi.ts';
import { readJsonOrForm } from '../photo-requests/upload-form.ts';
import * as service from './claims-service.ts';

const one = successOf;

/**
 * Claims (issue "When it goes wrong", decision 065): the customer claims on a package or shipment within its window,
 * with photos; staff decide beside the evidence, and an approval refunds, credits the balance or re-weighs.
 */
export async function claimsRoutes(fastify: FastifyInstance) {
  const { app, asCustomer, asStaff } = moduleRoutes(fastify, 'claims');

  app.get(
    '/api/user/claims/eligibility',
    asCustomer({
      operationId: 'getClaimEligibility',
      summary: "Each claim type's window for one of the customer's packages or shipments: open now, or when it opens or closed",
      querystring: claimEligibilityQuerySchema,
      response: { 200: one(z.array(claimWindowSchema)), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({ success: true as const, data: await service.eligibility(app.deps, request.auth.user.id, request.query) }),
  );

  app.post(
    '/api/user/claims',
    asCustomer({
      operationId: 'createClaim',
      summary:
        'File a claim on a package or shipment: JSON { packageId | shipmentId, type, description, amount, currency }, or multipart with that JSON in field "claim" and up to 10 photos in "files"; one open claim each',
      consumes: JSON_OR_FORM,
      response: { 201: one(claimSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    }),
    async (request, reply) => {
      const { input, files } = await readJsonOrForm(request, 'claim', claimInputSchema);
      const data = await service.createClaim(app.deps, request.auth.user.id, input, files);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/user/claims',
    asCustomer({
      operationId: 'listClaims',
      summary: "The customer's claims, newest first",
      querystring: pageWindowQuerySchema,
      response: { 200: pageOf(claimSchema), ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listCustomerClaims(app.deps, request.auth.user.id, request.query),
  );

  app.get(
    '/api/user/claims/:id',
    asCustomer({
      operationId: 'getClaim',
      summary: "One of the customer's claims, with its photos and messages",
      params: idParamsSchema,
      response: { 200: one(claimSchema), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.getCustomerClaim(app.deps, request.auth.user.id, request.params.id),
    }),
  );

  app.post(
    '/api/user/claims/:id/reply',
    asCustomer({
      operationId: 'replyToClaim',
      summary:
        'Answer a claim that needs information: JSON { message }, or multipart with that JSON in field "reply" and up to 10 photos in "files"; the claim is open again',
      params: idParamsSchema,
      consumes: JSON_OR_FORM,
      response: { 200: one(claimSchema), ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
    }),
    async (request) => {
      const { input, files } = await readJsonOrForm(request, 'reply', claimReplySchema);
      const data = await service.replyToClaim(app.deps, request.auth.user.id, request.params.id, input.message, files);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/staff/claims',
    asStaff({
      operationId: 'listClaimQueue',
      summary: "The claims queue, oldest first, all or of one status, with each claim's customer",
      querystring: staffClaimsQuerySchema,
      response: { 200: pageOf(staffClaimSchema), ...errorResponses(400, 401, 403) },
    }),
    (request) => service.listQueue(app.deps, request.query),
  );

  app.get(
    '/api/staff/claims/:id',
    asStaff({
      operationId: 'getStaffClaim',
      summary: 'A claim beside its evidence: receipt photos, photo requests, declarations, the packed box and the tracking timeline',
      params: idParamsSchema,
      response: { 200: one(staffClaimDetailSchema), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({ success: true as const, data: await service.staffDetail(app.deps, request.params.id) }),
  );

  app.put(
    '/api/staff/claims/:id',
    asStaff({
      operationId: 'decideClaim',
      summary:
        'Decide a claim: NEEDS_INFO, REJECTED, or APPROVED with a REFUND (to the card paid with) or a CREDIT (to the balance), or with the corrected weight of a wrong weight; audited, the customer is mailed',
      params: idParamsSchema,
      body: staffClaimUpdateSchema,
      response: { 200: one(staffClaimDetailSchema), ...errorResponses(400, 401, 403, 404, 409, 502) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.staffDecide(app.deps, request.auth.user.id, request.params.id, request.body),
    }),
  );

  photoFileRoutes({ app, asCustomer, asStaff }, '/claim-photos/:id/file', {
    user: { operationId: 'getClaimPhoto', summary: "A photo of one of the customer's claims; thumbnail=1 for its small WebP preview" },
    staff: { operationId: 'getStaffClaimPhoto', summary: "A photo of any customer's claim; thumbnail=1 for its small WebP preview" },
    find: (id, userId) => service.photoOf(app.deps, id, userId),
    missing: service.missingPhoto,
  });
}
