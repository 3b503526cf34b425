import type { FastifyRequest } from 'fastify';
import { API_MESSAGES } from '../../domain/messages.js';
import { hasUnstorableText } from '../shared/storable-text.js';
import { badRequest } from './app-error.js';

/** The path (`a.b.0`) of the first string, key or value, that PostgreSQL cannot store; null when none. */
export function findUnstorableText(value: unknown): string | null {
  // Iterative: a generated body may nest arrays thousands deep.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasUnstorableText(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasUnstorableText(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/**
 * preValidation for every route: PostgreSQL refuses U+0000 in text and a lone surrogate in jsonb (its
 * JSON.stringify form `\ud800` is an invalid escape there), so such a value reached the database and
 * came back as a 500 (found by the fuzz suite: a NUL in an address, a lone surrogate in an admin note
 * going into the audit diff). No field of this application has a use for either: refuse with a 400.
 */
export async function rejectUnstorableText(request: FastifyRequest): Promise<void> {
  for (const part of [request.body, request.query, request.params]) {
    const path = findUnstorableText(part);
    if (path !== null) throw badRequest(API_MESSAGES.badRequest, path || undefined);
  }
}
