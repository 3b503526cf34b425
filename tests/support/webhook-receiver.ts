import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export type ReceivedWebhook = { method: string; path: string; headers: IncomingHttpHeaders; body: string; status: number; at: Date };

type Waiter = { count: number; resolve: () => void };

/**
 * A provider's system as the webhook worker meets it: a plain node:http server on 127.0.0.1 that records
 * every request (headers and the raw body, as the signature is computed over it) and answers the status
 * codes a test programs (queued ones first, then the default).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly queued: number[] = [];
  private defaultStatus = 200;
  private waiters: Waiter[] = [];
  private stalls = 0;

  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: new Date(),
      };
      // A receiver that hangs: recorded, never answered (the sender's timeout ends it).
      if (this.stalls > 0) {
        this.stalls -= 1;
        this.record({ ...received, status: 0 });
        return;
      }
      const status = this.queued.shift() ?? this.defaultStatus;
      this.record({ ...received, status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'tidak');
    });
  });

  private constructor(private readonly path: string) {}

  static async start(path = '/hooks/aipos'): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(path);
    await receiver.listen();
    return receiver;
  }

  /** One receiver for the enclosing suite: listening before its tests, stopped after them. */
  static perSuite(path = '/hooks/aipos'): WebhookReceiver {
    const receiver = new WebhookReceiver(path);
    beforeAll(() => receiver.listen());
    afterAll(() => receiver.stop());
    return receiver;
  }

  /** The URL to register as the endpoint. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.path}`;
  }

  /** Answers these codes to the next requests, in order, then the default again. */
  answer(...statuses: number[]): void {
    this.queued.push(...statuses);
  }

  /** The next `count` requests get no answer at all. */
  stall(count = 1): void {
    this.stalls += count;
  }

  /** The code every request gets once the queued ones are used. */
  answerAlways(status: number): void {
    this.queued.length = 0;
    this.defaultStatus = status;
  }

  /** Resolves once `count` requests have arrived in all (at once when they already have). */
  waitFor(count: number, timeoutMs = 20_000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`webhook receiver: ${this.received.length} of ${count} requests after ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** The requests for one event id. */
  forEvent(eventId: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.headers['aipos-event-id'] === eventId);
  }

  reset(): void {
    this.received.length = 0;
    this.queued.length = 0;
    this.defaultStatus = 200;
    this.stalls = 0;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private listen(): Promise<void> {
    return new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  private record(request: ReceivedWebhook): void {
    this.received.push(request);
    const ready = this.waiters.filter((waiter) => this.received.length >= waiter.count);
    this.waiters = this.waiters.filter((waiter) => this.received.length < waiter.count);
    for (const waiter of ready) waiter.resolve();
  }
}
