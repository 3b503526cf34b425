const EVERY_MS = 10_000;

/**
 * At most one report per 10 s: a store that is down fails every limited request and every tick alike, and
 * must not flood the log.
 */
export function throttled(report: (error: unknown) => void): (error: unknown) => void {
  let last = 0;
  return (error) => {
    const at = Date.now();
    if (at - last < EVERY_MS) return;
    last = at;
    report(error);
  };
}
