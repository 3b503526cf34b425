/**
 * The constraint a PostgreSQL unique violation (23505) names, or undefined for any other error. Drizzle
 * wraps driver errors (DrizzleQueryError), so the cause chain is walked; both pg and PGlite set `constraint`.
 */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return undefined;
}
