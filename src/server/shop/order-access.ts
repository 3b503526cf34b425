import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ORDER_MESSAGES } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import type { OrderRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { hashToken } from '../shared/tokens.js';
import { findOrderByCode } from './order-repository.js';

export const orderNotFound = () => new AppError(404, 'ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);

/** The bearer token of `Authorization: Bearer <akses>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/** Whether `token` is one of the access tokens handed out for this order (compared in constant time). */
export function holdsAccess(order: Pick<OrderRow, 'aksesTokenHashes'>, token: string | null): boolean {
  if (!token) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  let found = false;
  for (const stored of order.aksesTokenHashes) {
    const bytes = Buffer.from(stored, 'hex');
    if (bytes.length === given.length && timingSafeEqual(bytes, given)) found = true;
  }
  return found;
}

/**
 * The order named in the path when the request holds its access token; otherwise 404 'Pesanan tidak
 * ditemukan', the same for an unknown code and a wrong token, so codes cannot be probed.
 */
export async function requireOrderAccess(db: Db, request: FastifyRequest, kodePesanan: string): Promise<OrderRow> {
  const token = bearerToken(request);
  if (!token) throw orderNotFound();
  const order = await findOrderByCode(db, kodePesanan);
  if (!order || !holdsAccess(order, token)) throw orderNotFound();
  return order;
}
