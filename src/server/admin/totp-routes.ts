import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { AUTH_MESSAGES, RecoveryCodesSchema, TotpConfirmBodySchema, TotpSetupSchema, TotpStatusSchema } from '../../domain/auth.js';
import {
  countUnusedRecoveryCodes,
  enableTotp,
  findUserById,
  issueRecoveryCodes,
  newTotpSetup,
  storePendingSecret,
} from '../auth/public.js';
import { requireAdmin } from '../http/admin-principal.js';
import { AppError } from '../http/app-error.js';

const ENROLMENT = { allowWithoutSecondFactor: true };
const alreadyEnabled = () => new AppError(409, 'MFA_ALREADY_ENABLED', AUTH_MESSAGES.mfaAlreadyEnabled);

/**
 * TOTP enrolment of the signed-in admin: /api/admin/totp (status), /totp/setup (new secret and QR),
 * /totp/confirm (a code proves the app has it; answers the ten recovery codes, shown once).
 */
export const totpAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.deps;

  app.get('/totp', { config: ENROLMENT, schema: { tags: ['admin'], response: { 200: TotpStatusSchema } } }, async (request) => {
    const admin = requireAdmin(request);
    const user = await findUserById(db, admin.id);
    const enabled = Boolean(user?.totpEnabledAt);
    return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, admin.id) : 0 };
  });

  app.post(
    '/totp/setup',
    { config: ENROLMENT, schema: { tags: ['admin'], response: { 200: TotpSetupSchema, 409: ApiErrorSchema } } },
    async (request) => {
      const admin = requireAdmin(request);
      const user = await findUserById(db, admin.id);
      // Replacing a working factor needs its own, stronger flow (user:create --reset-totp for now).
      if (user?.totpEnabledAt) throw alreadyEnabled();
      const setup = await newTotpSetup(admin.email);
      await storePendingSecret(db, admin.id, setup.secret, now());
      return setup;
    },
  );

  app.post(
    '/totp/confirm',
    {
      config: ENROLMENT,
      schema: {
        tags: ['admin'],
        body: TotpConfirmBodySchema,
        response: { 200: RecoveryCodesSchema, 400: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const user = await findUserById(db, admin.id);
      if (!user) throw new AppError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.unauthenticated);
      if (user.totpEnabledAt) throw alreadyEnabled();
      if (!user.totpSecret) throw new AppError(400, 'MFA_SETUP_MISSING', AUTH_MESSAGES.mfaSetupMissing);
      // 400, not 401: a mistyped code must not look like a lost session to the browser.
      if (!(await enableTotp(db, user, request.body.code, now())))
        throw new AppError(400, 'INVALID_CODE', AUTH_MESSAGES.invalidCode, 'code');
      request.log.info({ userId: user.id }, 'second factor enabled');
      return { recoveryCodes: await issueRecoveryCodes(db, user.id, now()) };
    },
  );
};
