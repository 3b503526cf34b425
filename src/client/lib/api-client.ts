import type { z } from 'zod';
import { API_MESSAGES } from '../../domain/messages';

/** An API answer that was not 2xx, with the server's Indonesian message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

type UnauthorizedHandler = (error: ApiRequestError) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The admin area registers one handler: any 401 from any call signs the browser out in one place. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** For requests that do not go through apiFetch (uploads with progress): a 401 still signs out in one place. */
export function reportUnauthorized(error: ApiRequestError): void {
  onUnauthorized?.(error);
}

/**
 * A response schema, or a loader of one. Public pages pass loaders so that zod arrives with the first
 * answer to check rather than with the page (page budgets, decision 0043).
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

async function resolveSchema<T>(source: SchemaSource<T>): Promise<z.ZodType<T>> {
  return typeof source === 'function' ? source() : source;
}

/** Parses an answer's body with its schema, or fails as a bad answer. */
export async function parseAnswer<T>(status: number, data: unknown, source: SchemaSource<T>): Promise<T> {
  const parsed = (await resolveSchema(source)).safeParse(data);
  if (!parsed.success) throw new ApiRequestError(status, 'BAD_RESPONSE', API_MESSAGES.internal);
  return parsed.data;
}

/** The error of a non-2xx answer: the server's `{ error: { code, message, field } }`, else a generic one. */
export async function answerError(status: number, data: unknown): Promise<ApiRequestError> {
  const { ApiErrorSchema } = await import('../../domain/api-error');
  const parsed = ApiErrorSchema.safeParse(data);
  return parsed.success
    ? new ApiRequestError(status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.field)
    : new ApiRequestError(status, 'HTTP_ERROR', API_MESSAGES.internal);
}

export type ApiOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
};

// Until this time, GETs are refetches the screen makes by itself (after a live event), not a person's
// doing: the server then checks the session without extending its idle timeout.
let backgroundUntil = 0;

export function markBackgroundRequests(ms = 2000): void {
  backgroundUntil = Date.now() + ms;
}

export async function apiFetch<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if ((options.method ?? 'GET') === 'GET' && options.body === undefined && Date.now() < backgroundUntil)
    headers['X-Background-Request'] = '1';
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'NETWORK_ERROR', API_MESSAGES.unavailable);
  }
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = await answerError(response.status, data);
    if (response.status === 401) onUnauthorized?.(error);
    throw error;
  }
  return options.schema ? parseAnswer(response.status, data, options.schema) : (data as T);
}
