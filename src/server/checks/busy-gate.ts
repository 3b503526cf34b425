import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * Holds the checks back while this server's event loop is busy: a low priority alone did not keep them out
 * of the lookups' way, since every thread of the checks' process takes its share of the CPU, and tesseract
 * and libvips run several (decision 0049). Sampled every `sampleMs`; busy while the last sample's
 * utilisation is at or above `busyAbove`. A task already sent runs on; the next waits, at most `maxWaitMs`,
 * so that checks still move, slowly, under load that never ends: a job's six or so tasks then wait about a
 * minute in all, inside the queue's two-minute lease (CHECKS_LEASE_MS).
 */
export interface BusyGate {
  /** Resolves at once when the loop is not busy, else when it stops being busy or maxWaitMs have passed. */
  wait(): Promise<void>;
  /** Whether the last sample found the loop busy. */
  busy(): boolean;
  close(): void;
}

export type BusyGateOptions = {
  /** Event-loop utilisation (0-1) from which the loop counts as busy; 1 or more: never. */
  busyAbove: number;
  sampleMs?: number;
  maxWaitMs?: number;
};

export function createBusyGate({ busyAbove, sampleMs = 250, maxWaitMs = 10_000 }: BusyGateOptions): BusyGate {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let isBusy = false;
  let waiting: (() => void)[] = [];
  const release = () => {
    const released = waiting;
    waiting = [];
    for (const resolve of released) resolve();
  };
  const sampler =
    busyAbove < 1
      ? setInterval(() => {
          const now = performance.eventLoopUtilization();
          isBusy = performance.eventLoopUtilization(now, last).utilization >= busyAbove;
          last = now;
          if (!isBusy) release();
        }, sampleMs)
      : null;
  sampler?.unref();
  return {
    busy: () => isBusy,
    wait() {
      if (!isBusy) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, maxWaitMs);
        timer.unref();
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    close() {
      if (sampler) clearInterval(sampler);
      isBusy = false;
      release();
    },
  };
}
