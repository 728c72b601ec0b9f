import { idParamsSchema } from '@hopbox/contracts/ids';
import { z } from 'zod';
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

/** A stored photo as it is read back: the file, its small WebP preview when one was made, and its uploaded name. */
interface StoredPhoto {
  storageKey: string;
  thumbnailKey: string | null;
  mimeType: string;
  fileName: string;
}

const photoQuery = z.object({ thumbnail: z.enum(['0', '1']).optional() });

/**
 * The two reads of a record's photo (a claim's, a package request's): `GET /api/user<path>` the customer's own (any
 * other answers the module's 404), `GET /api/staff<path>` anyone's; `thumbnail=1` for its small WebP preview.
 */
export function photoFileRoutes(
  { app, asCustomer, asStaff }: { app: ZodApp; asCustomer: SignedInRoutes; asStaff: SignedInRoutes },
  path: `/${string}/:id/${string}`,
  photo: {
    user: { operationId: string; summary: string };
    staff: { operationId: string; summary: string };
    find: (id: number, userId?: number) => Promise<StoredPhoto>;
    missing: () => Error;
  },
) {
  for (const side of ['user', 'staff'] as const) {
    const as = side === 'user' ? asCustomer : asStaff;
    const read = { params: idParamsSchema, querystring: photoQuery, response: errorResponses(400, 401, 403, 404) };
    app.get(`/api/${side}${path}`, as({ ...photo[side], ...read }), async (request, reply) => {
      const found = await photo.find(request.params.id, side === 'user' ? request.auth.user.id : undefined);
      const thumbnail = request.query.thumbnail === '1' && found.thumbnailKey !== null;
      return sendDocument(
        reply,
        app.deps.storage,
        thumbnail
          ? { key: found.thumbnailKey as string, mimeType: 'image/webp', name: found.fileName }
          : { key: found.storageKey, mimeType: found.mimeType, name: found.fileName },
        photo.missing,
      );
    });
  }
}
