import type { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error';
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

export type ApiOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

export async function apiFetch<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
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
    const parsed = ApiErrorSchema.safeParse(data);
    const error = parsed.success
      ? new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.field)
      : new ApiRequestError(response.status, 'HTTP_ERROR', API_MESSAGES.internal);
    if (response.status === 401) onUnauthorized?.(error);
    throw error;
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}
