import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Streams an export as the download `<name>-<YYYY-MM-DD>.csv`. It holds personal data: nothing may keep a copy. */
export function sendCsvDownload(reply: FastifyReply, name: string, today: Date, csv: Readable): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}-${today.toISOString().slice(0, 10)}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(csv);
}
