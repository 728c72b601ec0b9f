import { messages } from '@hopbox/contracts/messages';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import { PHOTO_MAX_FILES } from '@hopbox/contracts/photo-requests';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { assertTextInput } from '../../plugins/text-input.ts';
import type { UploadedFile } from './photo-requests-service.ts';

export interface UploadForm {
  /** The images of the repeated `files` field. */
  files: UploadedFile[];
  /** The parsed JSON of the text field asked for, when the form had it. */
  json: unknown;
}

/**
 * A request's JSON: the body itself, or, in a multipart form (when files come with it), the JSON text field
 * `field` beside the repeated `files`. Checked against `schema`; a refusal names the field.
 */
export async function readJsonOrForm<S extends z.ZodType>(request: FastifyRequest, field: string, schema: S) {
  const form = request.isMultipart() ? await readUploadForm(request, field) : { files: [], json: request.body };
  if (!request.isMultipart()) assertTextInput(form.json);
  const parsed = schema.safeParse(form.json ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, issue?.message ?? messages.transport.generic, 'Bad Request', issue?.path.join('.') || field);
  }
  return { input: parsed.data as z.output<S>, files: form.files };
}

/**
 * Reads a photo upload form (multipart/form-data): the `files` images, and the JSON text field
 * `jsonField` when given. Other files are read and dropped. Nothing is stored here, so a form refused
 * half-way (past UPLOAD_LIMITS, bad JSON) leaves nothing behind.
 */
export async function readUploadForm(request: FastifyRequest, jsonField?: string): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError(415, photoRequestMessages.noFiles, 'Unsupported Media Type', 'files');
  const form: UploadForm = { files: [], json: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if (part.fieldname === 'files') form.files.push({ originalFileName: part.filename, body });
      } else if (part.valueTruncated) {
        throw new AppError(413, messages.transport.formFieldTooLong, 'Payload Too Large', part.fieldname);
      } else if (jsonField && part.fieldname === jsonField) {
        form.json = parseJsonField(part.value, jsonField);
      }
    }
  } catch (err) {
    throw limitError((err as { code?: string }).code) ?? err;
  }
  return form;
}

function parseJsonField(value: unknown, field: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch {
    throw badRequest(`The ${field} field must be JSON`, field);
  }
  // Not a route's body, so the route hook has not seen it.
  assertTextInput(parsed);
  return parsed;
}

/** @fastify/multipart's limit errors as the API's answers. */
function limitError(code: string | undefined): AppError | undefined {
  // Too many files is not a file that is too large: name the real limit.
  if (code === 'FST_FILES_LIMIT') return badRequest(`At most ${PHOTO_MAX_FILES} images can be uploaded at once`, 'files');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, messages.transport.tooManyFormParts, 'Payload Too Large');
  }
  return undefined;
}
