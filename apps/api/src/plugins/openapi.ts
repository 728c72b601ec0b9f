import type { SwaggerOptions } from '@fastify/swagger';
import { errorResponseSchema } from '@hopbox/contracts/errors';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { requireRole, requireUser } from './auth.ts';

/** The answer of one object: `{ success: true, data }`. */
export const successOf = <T extends z.ZodType>(schema: T) => z.object({ success: z.literal(true), data: schema });

/** What a route that reads `readJsonOrForm` consumes: JSON, or a form with the JSON in a text field beside files. */
export const JSON_OR_FORM = ['application/json', 'multipart/form-data'];

/** Response schemas for the error statuses a route can answer, for the OpenAPI document. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as { [K in S[number]]: typeof errorResponseSchema };
}

/**
 * The document's tags: one per API module (`modules/<tag>`), so a reader finds an operation under the
 * domain whose folder holds it. Every route names one of these (the OpenAPI test checks it).
 */
/** A route's `security`: a bearer JWT, the one scheme of the document (`components.securitySchemes.bearer`). */
export const bearerSecurity = [{ bearer: [] }];

/**
 * The options of a module's routes behind sign-in: `guard` decides who may call them (requireRole), and each
 * route's schema gains the module's tags and the bearer security. `const asStaff = signedInRoutes(staff, tags)`,
 * then `app.get(url, asStaff({ operationId, summary, response }), handler)`.
 */
export function signedInRoutes(guard: onRequestHookHandler, tags: readonly string[]) {
  return <const S extends FastifySchema>(schema: S) => ({
    onRequest: guard,
    schema: { tags: [...tags], security: bearerSecurity, ...schema },
  });
}
export type SignedInRoutes = ReturnType<typeof signedInRoutes>;

/** The name of one of the document's tags (OPENAPI_TAGS). */
export type OpenApiTag = (typeof OPENAPI_TAGS)[number]['name'];

/**
 * What a routes module starts with: the app with zod route schemas, the module's `tags`, and the options of its
 * routes behind sign-in (signedInRoutes with those tags) for the usual callers: `asCustomer` (customers only),
 * `asStaff` (staff and admins), `asAnyone` (any signed-in account), `asAdmin` (admins only), or `signedIn(guard)` for another guard.
 * `const { app, asCustomer } = moduleRoutes(fastify, 'payments')`, then `app.get(url, asCustomer({ ... }), handler)`.
 */
export function moduleRoutes(fastify: FastifyInstance, tag: OpenApiTag) {
  const tags = [tag];
  const signedIn = (guard: onRequestHookHandler) => signedInRoutes(guard, tags);
  return {
    app: fastify.withTypeProvider<ZodTypeProvider>(),
    tags,
    signedIn,
    asCustomer: signedIn(requireRole('user')),
    asStaff: signedIn(requireRole('staff', 'admin')),
    asAnyone: signedIn(requireUser),
    asAdmin: signedIn(requireRole('admin')),
  };
}

/** The app as a routes module sees it: route schemas are zod schemas (`fastify.withTypeProvider<ZodTypeProvider>()`). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const OPENAPI_TAGS = [
  { name: 'health', description: 'Readiness and the runtime configuration the web app reads' },
  { name: 'auth', description: 'Sign-up, sign-in, sessions and password reset' },
  { name: 'profile', description: 'The signed-in account: name, email, phone, password and where it is signed in' },
  { name: 'hosts', description: 'Warehouse hosts: the addresses customers ship to; written by admins' },
  { name: 'dashboard', description: "The customer's dashboard counts" },
  { name: 'search', description: "The header search over the customer's own packages and shipments" },
  { name: 'packages', description: "Packages in a customer's locker; staff receive them and look up a locker's owner" },
  { name: 'photo-requests', description: 'Photos of packages: customers ask, staff answer and upload' },
  {
    name: 'package-requests',
    description:
      'Work on a package in the locker (repack, remove packaging, split, return, discard): customers ask, staff do it; admins set the fees',
  },
  {
    name: 'support',
    description: 'Support conversations: customers write about a package, shipment or payment; staff answer from a queue',
  },
  { name: 'addresses', description: "The customer's saved shipping addresses" },
  { name: 'pricing', description: 'Shipping prices' },
  { name: 'duties', description: 'Import duty and VAT rules per destination country, which price estimates read; written by admins' },
  { name: 'shipments', description: 'Consolidations and shipments; staff prepare and dispatch them' },
  { name: 'payments', description: 'Card payments for shipments, and the payment provider notification' },
  {
    name: 'claims',
    description: 'Claims on a lost, damaged or wrongly weighed package or shipment: customers file them, staff decide beside the evidence',
  },
  { name: 'wallet', description: "The customer's account balance: its ledger, paying with it, and staff adjustments" },
  { name: 'notifications', description: "Mail: the customer's optional mails, and the outbox admins watch" },
  { name: 'audit', description: 'Who changed what, for staff' },
  { name: 'jobs', description: 'The background jobs and their latest rounds, for admins' },
] as const;

const MULTIPART = 'multipart/form-data';
const MARK = 'x-hopbox-multipart';

/**
 * The @fastify/swagger options: servers from PUBLIC_URL, the bearer scheme, the tags, and the two
 * request bodies the route schemas cannot say (decision 014):
 * - a POST or PUT without a body schema still accepts SPEC.md's `Content-Type: application/json`
 *   with an empty body (`acceptEmptyJsonBodies`): it is documented as an optional, empty JSON object;
 * - an upload (`consumes: multipart/form-data`) reads its form itself (`readUploadForm`), so a body
 *   schema would make Fastify validate a body it never parses: the form is described here instead.
 */
export function openapiOptions(config: Config): SwaggerOptions {
  return {
    openapi: {
      info: {
        title: `${config.brandName} API`,
        version: '1.0.0',
        description: 'Customer portal, warehouse and admin API',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: config.publicUrl }],
      tags: [...OPENAPI_TAGS],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
      if (consumes?.includes(MULTIPART)) return { ...out, schema: { ...out.schema, [MARK]: true } };
      return out;
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const doc = documentObject.openapiObject;
      for (const operations of Object.values(doc.paths ?? {})) {
        for (const op of Object.values(operations as Record<string, { responses?: Record<string, unknown> }>)) {
          if (op.responses) documentDatabaseUnavailable(op.responses);
          // A route that streams a file declares only its errors: its 200 is the image itself.
          if (op.responses && !Object.keys(op.responses).some((status) => status.startsWith('2'))) {
            op.responses = {
              200: { description: 'The image file', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
              ...op.responses,
            };
          }
        }
        for (const method of ['post', 'put', 'patch'] as const) {
          const op = (operations as Record<string, Record<string, unknown>>)[method];
          if (!op || op.requestBody) continue;
          if (op[MARK]) {
            delete op[MARK];
            op.requestBody = { required: true, content: { [MULTIPART]: { schema: uploadFormSchema(op) } } };
          } else {
            op.requestBody = {
              required: false,
              content: { 'application/json': { schema: { type: 'object', additionalProperties: false, maxProperties: 0 } } },
            };
          }
        }
      }
      normalizeSchemas(doc);
      return doc;
    },
  };
}

/**
 * Any operation may meet a database that is restarting or busy past its timeouts: it then answers 503 with
 * Retry-After and the one error shape (decision 040). Documented on every operation that declares its errors,
 * with the shape of those.
 */
function documentDatabaseUnavailable(responses: Record<string, unknown>) {
  if (responses['503']) return;
  const anError = Object.entries(responses).find(([status]) => status.startsWith('4') || status.startsWith('5'))?.[1];
  if (!isNode(anError) || !anError.content) return;
  responses['503'] = {
    description: 'The database is restarting, unreachable or busy: code DATABASE_UNAVAILABLE; try again after Retry-After seconds',
    headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before trying again' } },
    content: anError.content,
  };
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

/**
 * Three shapes zod's JSON Schema takes that OpenAPI 3.0 reads otherwise, rewritten to mean the same:
 * an `anyOf` of one schema is that schema; `nullable` beside an `anyOf` (or a `oneOf`, made an `anyOf`; no `type` to qualify) moves
 * onto each member; a record over an enum of keys (`required` keys, `additionalProperties` only)
 * names its properties.
 */
function normalizeSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) normalizeSchemas(item);
    return;
  }
  if (!isNode(node)) return;
  for (const value of Object.values(node)) normalizeSchemas(value);
  const anyOf = node.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 1 && isNode(anyOf[0])) {
    delete node.anyOf;
    Object.assign(node, anyOf[0]);
  }
  // A nullable `oneOf` becomes an `anyOf`: once each member admits null, they are no longer exclusive.
  if (node.nullable === true && node.type === undefined && Array.isArray(node.oneOf) && node.anyOf === undefined) {
    node.anyOf = node.oneOf;
    delete node.oneOf;
  }
  if (node.nullable === true && node.type === undefined && Array.isArray(node.anyOf)) {
    delete node.nullable;
    for (const member of node.anyOf) if (isNode(member)) member.nullable = true;
  }
  if (Array.isArray(node.required) && node.properties === undefined && isNode(node.additionalProperties)) {
    const value = node.additionalProperties;
    node.properties = Object.fromEntries(node.required.map((key) => [String(key), { ...value }]));
  }
}

/** The upload forms: repeated `files` images, and on receipt the `package` field (JSON text). */
/** The uploads that carry a JSON text field beside their files: its name, and whether files must come. */
const UPLOAD_JSON_FIELDS: Record<string, { name: string; description: string; filesRequired: boolean }> = {
  receivePackageWithPhotos: { name: 'package', description: 'The JSON body of receivePackage', filesRequired: true },
  startSupportConversation: {
    name: 'conversation',
    description: 'The JSON body: subjectType, subjectRef, subject, body',
    filesRequired: false,
  },
  createPackageRequest: {
    name: 'request',
    description: 'The JSON body: { type, notes }; a return to sender sends its label as the one file',
    filesRequired: false,
  },
  updatePackageRequest: {
    name: 'move',
    description:
      'The JSON body: { status, notes, result }; before photos come with IN_PROGRESS, after photos with DONE (a split: one per parcel, in order)',
    filesRequired: false,
  },
  writeSupportMessage: { name: 'message', description: 'The JSON body: { body }', filesRequired: false },
  answerSupportConversation: { name: 'message', description: 'The JSON body: { body }', filesRequired: false },
};

function uploadFormSchema(op: Record<string, unknown>) {
  const files = { type: 'array', items: { type: 'string', format: 'binary' }, description: 'JPEG, PNG or WebP images' };
  const jsonField = UPLOAD_JSON_FIELDS[String(op.operationId)];
  if (!jsonField) return { type: 'object', required: ['files'], properties: { files } };
  return {
    type: 'object',
    required: jsonField.filesRequired ? [jsonField.name, 'files'] : [jsonField.name],
    properties: { [jsonField.name]: { type: 'string', description: jsonField.description }, files },
  };
}
