import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type RouteSchema = ZodType | { properties: ZodType };

const zodSchemaOf = (schema: RouteSchema): ZodType => ('properties' in schema ? schema.properties : schema);

/**
 * `{ anyOf: [{ type: 'integer', … }, { type: 'null' }] }` as `{ type: ['integer', 'null'] }`: the same
 * answers, written without fast-json-stringify trying each branch in turn.
 */
function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullables);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifyNullables(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema of an answer's zod schema, or null when zod cannot express it (a transform, say). */
function jsonSchemaOf(schema: ZodType): JsonSchema | null {
  try {
    return simplifyNullables(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' })) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Writes every answer with fast-json-stringify, compiled from the JSON Schema of the route's zod
 * schema on the answer's first use (decision 038). Only the properties a schema names leave the
 * server, as with zod's check. Where `checkShapes` is set (everywhere but production), each answer
 * is also checked against its zod schema first, so the test suite still fails on a handler that
 * answers the wrong shape; production skips that check, which cost a tenth of a list's time.
 * A schema zod cannot express in JSON Schema keeps zod's own serializer.
 */
export function answerSerializerCompiler(options: { checkShapes: boolean }): FastifySerializerCompiler<RouteSchema> {
  return (route) => {
    const zodSchema = zodSchemaOf(route.schema);
    const zodWrite = zodSerializerCompiler(route as never) as (data: unknown) => string;
    let write: ((data: unknown) => string) | undefined;
    return (data) => {
      if (!write) {
        const jsonSchema = jsonSchemaOf(zodSchema);
        write = jsonSchema ? (fastJson(jsonSchema) as (data: unknown) => string) : zodWrite;
      }
      if (options.checkShapes && write !== zodWrite) {
        const checked = z.safeEncode(zodSchema, data);
        if (checked.error) throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
      }
      return write(data);
    };
  };
}
