// A public route's own cap per IP (@fastify/rate-limit, counted where src/server/limits/shared-limits.ts says),
// as the route's `config`.

const HOUR = 60 * 60 * 1000;

/** At most `max` requests an hour from one IP (uploads, registrations, orders, fix submissions). */
export function perHour(max: number) {
  return { rateLimit: { max, timeWindow: HOUR } };
}

/** At most `max` requests a minute from one IP (the lookups, whose codes and phones are guessable). */
export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}
