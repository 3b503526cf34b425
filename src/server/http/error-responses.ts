import { ApiErrorSchema } from '../../domain/api-error.js';

/** A route schema's `response` entries for the error statuses it may answer: each the one error shape. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<S, typeof ApiErrorSchema>;
}
