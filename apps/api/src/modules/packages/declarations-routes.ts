import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import { declarationInputSchema, declarationResponseSchema } from '@hopbox/contracts/declarations';
import { idParamsSchema } from '@hopbox/contracts/ids';
import { z } from 'zod';
import { errorResponses, type SignedInRoutes, type ZodApp } from '../../plugins/openapi.ts';
import * as service from './declarations-service.ts';

/**
 * A package's customs declaration (issue "Declare, insure"): read it, and replace its items while in the locker.
 * Registered by packagesRoutes, with the packages module's customer guard and tags.
 */
export function declarationsRoutes(app: ZodApp, asCustomer: SignedInRoutes) {
  app.get(
    '/api/user/received-packages/:id/declaration',
    asCustomer({
      operationId: 'getPackageDeclaration',
      summary: "A package's customs declaration: its items, whether it is complete, and its total in the package's currency",
      params: idParamsSchema,
      response: { 200: declarationResponseSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => ({
      success: true as const,
      data: await service.getDeclaration(app.deps, request.auth.user.id, request.params.id),
    }),
  );

  app.put(
    '/api/user/received-packages/:id/declaration',
    asCustomer({
      operationId: 'replacePackageDeclaration',
      summary: "Replace every item of the customs declaration of a package still in the locker; the package's quantity and value follow",
      params: idParamsSchema,
      body: declarationInputSchema,
      response: {
        200: declarationResponseSchema.extend({ message: z.string() }),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (request) => ({
      success: true as const,
      message: declarationMessages.saved,
      data: await service.replaceDeclaration(app.deps, request.auth.user.id, request.params.id, request.body),
    }),
  );
}
