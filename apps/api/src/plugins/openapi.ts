import { errorResponseSchema } from '@hopbox/contracts/errors';

/** Response schemas for the error statuses a route can answer, for the OpenAPI document. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as { [K in S[number]]: typeof errorResponseSchema };
}
