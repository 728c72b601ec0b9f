import { INPUT_MAX_DEPTH } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

const NUL = '\u0000';

/** Field names as the schema errors give them: `packages.0`, `notes`. */
const fieldName = (path: (string | number)[]) => path.join('.') || undefined;

/**
 * Parsed JSON and form fields are plain objects; the router's params and the query parser's objects
 * have a prototype-less prototype. Anything else (a multipart stream, a buffer) is not walked.
 */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * Refuses, with a 400 naming the field, text holding a NUL character anywhere in a parsed value
 * (PostgreSQL cannot store it in text and would fail the query), and values nested deeper than
 * INPUT_MAX_DEPTH (so the walk, like every schema, stays bounded).
 */
export function assertTextInput(value: unknown, path: (string | number)[] = []): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) throw badRequest(messages.transport.nulCharacter, fieldName(path));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (path.length >= INPUT_MAX_DEPTH) throw badRequest(messages.transport.nestedTooDeeply, fieldName(path));
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) assertTextInput(item, [...path, index]);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) throw badRequest(messages.transport.nulCharacter, fieldName([...path, key.replaceAll(NUL, '\\u0000')]));
    assertTextInput(item, [...path, key]);
  }
}

/** Every route's params, query and body pass assertTextInput before their schema sees them. */
export function refuseBadTextInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    assertTextInput(request.params);
    assertTextInput(request.query);
    assertTextInput(request.body);
  });
}
