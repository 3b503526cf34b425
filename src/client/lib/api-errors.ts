import { ApiRequestError } from './api-client';

/** How the admin screens read an API failure: one home for every feature. */

/** 4xx answers will not change on a retry (and a 401 is the shell's); only failures of the wire or server are retried. */
export function retryServerErrors(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** A 401 is answered by the admin shell (sign-out and redirect); the screens add no toast of their own. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** The server's Indonesian message for a toast's second line; nothing for errors that are not the API's. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.message : undefined;
}
