import { MESSAGES } from '../../../domain/messages';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** docs/spec.md §8: 'Login Gagal' with the server's message; a non-admin gets the refusal itself. */
export function toastLoginError(error: unknown): void {
  if (error instanceof ApiRequestError && error.code === 'NOT_ADMIN') {
    toast.error(MESSAGES.notAdmin);
    return;
  }
  const message = error instanceof ApiRequestError ? error.message : MESSAGES.wrongCredentials;
  toast.error(MESSAGES.loginFailed, { description: message || MESSAGES.wrongCredentials });
}
