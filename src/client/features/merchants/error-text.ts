import { ApiRequestError } from '../../lib/api-client';

/** The server's Indonesian message for a toast's second line; nothing for errors that are not the API's. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.message : undefined;
}
