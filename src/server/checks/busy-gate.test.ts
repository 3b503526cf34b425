import { afterEach, describe, expect, it } from 'vitest';
import { createBusyGate, type BusyGate } from './busy-gate.js';

/** Keeps this thread's event loop busy for `ms`, in slices of 20 ms so that timers still fire between them. */
function keepBusy(ms: number): Promise<void> {
  const until = Date.now() + ms;
  return new Promise((resolve) => {
    const slice = () => {
      const end = Math.min(until, Date.now() + 20);
      while (Date.now() < end) {
        // spinning: the work a busy server does
      }
      if (Date.now() >= until) resolve();
      else setImmediate(slice);
    };
    slice();
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the checks busy gate', () => {
  let gate: BusyGate;
  afterEach(() => gate.close());

  it('lets a task through at once while the loop is idle', async () => {
    gate = createBusyGate({ busyAbove: 0.8, sampleMs: 50 });
    await pause(120);
    expect(gate.busy()).toBe(false);
    const started = Date.now();
    await gate.wait();
    expect(Date.now() - started).toBeLessThan(20);
  });

  it('holds the next task while the loop is busy and lets it go when the load ends', async () => {
    gate = createBusyGate({ busyAbove: 0.8, sampleMs: 50, maxWaitMs: 10_000 });
    const load = keepBusy(600);
    await pause(150);
    expect(gate.busy()).toBe(true);
    let released = false;
    const waited = gate.wait().then(() => (released = true));
    await pause(200);
    expect(released).toBe(false);
    await load;
    await waited;
    expect(gate.busy()).toBe(false);
  });

  it('lets a task go after maxWaitMs under load that does not end', async () => {
    gate = createBusyGate({ busyAbove: 0.8, sampleMs: 50, maxWaitMs: 300 });
    const load = keepBusy(1500);
    await pause(150);
    expect(gate.busy()).toBe(true);
    const started = Date.now();
    await gate.wait();
    const waitedMs = Date.now() - started;
    expect(gate.busy()).toBe(true);
    expect(waitedMs).toBeGreaterThanOrEqual(250);
    await load;
  });

  it('never holds a task when the threshold is 1', async () => {
    gate = createBusyGate({ busyAbove: 1, sampleMs: 50 });
    const load = keepBusy(400);
    await pause(150);
    expect(gate.busy()).toBe(false);
    await load;
  });
});
