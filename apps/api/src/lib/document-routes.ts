import { idParamsSchema } from '@hopbox/contracts/ids';
import { errorResponses, type SignedInRoutes, type ZodApp } from '../plugins/openapi.ts';
import { sendDocument } from './send-stored-file.ts';

/** A stored document as it is read back: its storage key, its type and the name it was uploaded with. */
interface StoredDocument {
  key: string;
  mimeType: string;
  name: string;
}

/**
 * The two reads of a document a customer attached to a record (a pre-alert's invoice, a package request's return
 * label), shown in the page: `GET /api/user<path>` reads the customer's own, `GET /api/staff<path>` anyone's.
 * `find` answers record `id`'s document, only the customer's own when `userId` is given, and throws the module's
 * 404 when there is none; `missing` is the 404 of a document gone from storage.
 */
export function documentRoutes(
  { app, asCustomer, asStaff }: { app: ZodApp; asCustomer: SignedInRoutes; asStaff: SignedInRoutes },
  path: `/${string}/:id/${string}`,
  document: {
    user: { operationId: string; summary: string };
    staff: { operationId: string; summary: string };
    find: (id: number, userId?: number) => Promise<StoredDocument>;
    missing: () => Error;
  },
) {
  const read = { params: idParamsSchema, response: errorResponses(401, 403, 404) };
  app.get(`/api/user${path}`, asCustomer({ ...document.user, ...read }), async (request, reply) =>
    sendDocument(reply, app.deps.storage, await document.find(request.params.id, request.auth.user.id), document.missing),
  );
  app.get(`/api/staff${path}`, asStaff({ ...document.staff, ...read }), async (request, reply) =>
    sendDocument(reply, app.deps.storage, await document.find(request.params.id), document.missing),
  );
}
