/** An Idempotency-Key: crypto.randomUUID exists only in secure contexts, and a plain-HTTP intranet deployment still needs one. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
