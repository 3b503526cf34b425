/**
 * Admits work by its weight (an image's decoded pixels) while the weight in flight stays within `limit`, in
 * the order asked. One piece at a time is always admitted, however heavy, so nothing waits for ever.
 */
export type PixelBudget = <T>(weight: number, task: () => Promise<T>) => Promise<T>;

export function pixelBudget(limit: number): PixelBudget {
  let inFlight = 0;
  const waiting: { weight: number; start: () => void }[] = [];
  const admit = () => {
    // First come, first served: a light piece does not overtake a heavy one that waits.
    while (waiting.length > 0) {
      const next = waiting[0]!;
      if (inFlight > 0 && inFlight + next.weight > limit) return;
      waiting.shift();
      inFlight += next.weight;
      next.start();
    }
  };
  return async (weight, task) => {
    await new Promise<void>((start) => {
      waiting.push({ weight, start });
      admit();
    });
    try {
      return await task();
    } finally {
      inFlight -= weight;
      admit();
    }
  };
}
