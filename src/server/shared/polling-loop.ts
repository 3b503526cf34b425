export type PollingLoopOptions = {
  /** Claims and handles one batch; returns how many items it handled (0: nothing is due). */
  runOnce: () => Promise<number>;
  /** The pause between runs when nothing woke the loop earlier. */
  intervalMs: number;
  /** A run that threw: reported, and the loop polls again at the next interval. */
  onError: (error: unknown) => void;
};

/**
 * The scheduling of an outbox worker (mail, webhooks): runs batch after batch while there is due work,
 * then polls every `intervalMs`. A wake during a run does not start a second run beside it: the running
 * one goes round once more when it ends, so at most one run is in flight per instance.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly options: PollingLoopOptions) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Runs now instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
        return;
      }
      this.timer = setTimeout(() => this.wake(), this.options.intervalMs);
      this.timer.unref();
    });
  }

  /**
   * Stops polling at once (before its first await: a caller may abort the run's work right after the call)
   * and resolves when the run in flight has ended.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private async loop(): Promise<void> {
    try {
      // Batch after batch while there is due work.
      while (!this.stopped && (await this.options.runOnce()) > 0);
    } catch (error) {
      this.options.onError(error);
    }
  }
}

/**
 * A worker that runs on a PollingLoop (the job queue, the mail and webhook outboxes): started when the
 * server is ready, woken after a commit that queued work, stopped when it closes.
 */
export abstract class PollingWorker {
  protected readonly polling: PollingLoop;

  constructor(intervalMs: number, onError: (error: unknown) => void) {
    this.polling = new PollingLoop({ runOnce: () => this.runOnce(), intervalMs, onError });
  }

  /** Claims and handles one batch; returns how many items it handled (0: nothing is due). */
  abstract runOnce(): Promise<number>;

  start(): void {
    this.polling.start();
  }

  /** Looks for due work now (after a commit that queued some), else at the next poll. */
  wake(): void {
    this.polling.wake();
  }

  async stop(): Promise<void> {
    await this.polling.stop();
  }
}

/** The delay before retry number `attempts` (1 = after the first failure): base, doubling, capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs = Infinity): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
