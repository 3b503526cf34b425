import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The API's refusal shape (docs/spec.md §7): a code, the Indonesian message, and the field it is about if any. */
export type Refusal = { code: string; message: string; field?: string };

/** Expects this status and exactly this error body. */
export function expectRefusal(response: LightMyRequestResponse, status: number, error: Refusal): void {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ error });
}
