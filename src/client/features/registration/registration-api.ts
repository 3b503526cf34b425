import type { RegistrationRequest, RegistrationResponse } from '../../../domain/registration';
import type { StatusResult } from '../../../domain/status-lookup';
import { apiFetch } from '../../lib/api-client';

// The answer's schema loads with the first answer, not with the wizard (page budgets, decision 0043).
const loadRegistrationSchema = async () => (await import('../../../domain/registration')).RegistrationResponseSchema;

/** POST /api/registrations; the same key answers with the same registration, never a second row. */
export function submitRegistration(body: RegistrationRequest, idempotencyKey: string): Promise<RegistrationResponse> {
  return apiFetch('/api/registrations', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: loadRegistrationSchema,
  });
}

// The lookup belongs to the status feature; a field it adds later must not send this page back to /register.
const loadStatusSchema = async () => (await import('../../../domain/status-lookup')).StatusResultSchema.strip();

/** The success page reads the record through the public status lookup; the token unmasks this browser's own. */
export function lookupRegistration(code: string, receiptToken: string | undefined): Promise<StatusResult> {
  return apiFetch('/api/status/lookup', {
    method: 'POST',
    body: receiptToken ? { kode_pendaftaran: code, receipt_token: receiptToken } : { kode_pendaftaran: code },
    schema: loadStatusSchema,
  });
}
