import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import { MerchantNoteListSchema, MerchantNoteSchema, NoteCreateSchema } from '../../domain/notes.js';
import { requireMerchant } from '../db/merchant-rows.js';
import { requireAdmin } from '../http/admin-principal.js';
import { IdParamsSchema } from '../http/id-params.js';
import { addNote, listNotes } from './note-repository.js';

/**
 * The team's notes thread of a merchant under /api/admin: read and add, never edit or delete. Nothing else
 * reads merchant_notes, so no public answer, mail, applicant export or webhook can carry a note.
 */
export const noteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const merchantId = async (id: string) => (await requireMerchant(db, id)).id;

  app.get(
    '/merchants/:id/notes',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: MerchantNoteListSchema, 404: ApiErrorSchema } } },
    async (request) => listNotes(db, await merchantId(request.params.id)),
  );

  app.post(
    '/merchants/:id/notes',
    {
      schema: {
        tags: ['admin'],
        params: IdParamsSchema,
        body: NoteCreateSchema,
        response: { 201: MerchantNoteSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const id = await merchantId(request.params.id);
      const note = await addNote(db, {
        merchantId: id,
        teks: request.body.teks,
        author: { id: admin.id, email: admin.email, ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        now: app.deps.now(),
      });
      // Others with the case open see the note come in (the live stream names the merchant, never the text).
      app.deps.events
        .publish({ kind: 'note_added', merchant_id: id })
        .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
      return reply.code(201).send(note);
    },
  );
};
