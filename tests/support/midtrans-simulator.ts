import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { freePortForTest } from './free-port.js';

/**
 * Midtrans as its documentation describes it, on a free port of this machine: the Snap transaction
 * endpoint and the signed HTTP notifications. Written from the documented contract only (no code of the
 * app), so a test that passes against it says the app speaks Midtrans, not that it agrees with itself.
 */

// Snap's documented request: gross_amount must equal the sum of the items, item names at most 50 characters.
const SnapBodySchema = z
  .object({
    transaction_details: z.object({ order_id: z.string().min(1).max(50), gross_amount: z.number().int().positive() }),
    item_details: z
      .array(
        z.object({
          id: z.string().min(1),
          price: z.number().int().positive(),
          quantity: z.number().int().positive(),
          name: z.string().min(1).max(50),
        }),
      )
      .min(1),
    customer_details: z
      .object({ first_name: z.string().min(1), phone: z.string().min(1), email: z.email() })
      .partial()
      .optional(),
    expiry: z.object({ unit: z.enum(['second', 'minute', 'hour', 'day']), duration: z.number().int().positive() }).optional(),
  })
  .refine(
    (body) => body.item_details.reduce((sum, item) => sum + item.price * item.quantity, 0) === body.transaction_details.gross_amount,
    'transaction_details.gross_amount is not equal to the sum of item_details',
  );
export type SnapBody = z.infer<typeof SnapBodySchema>;

export type RecordedSnapRequest = {
  authorization: string | undefined;
  contentType: string | undefined;
  accept: string | undefined;
  body: SnapBody;
  token: string;
};

/** What the next Snap request gets instead of a transaction. */
export type SnapFailure = 'error' | 'malformed' | 'stall';

export type NotificationInput = {
  order_id: string;
  transaction_status: 'settlement' | 'capture' | 'pending' | 'expire' | 'cancel' | 'deny';
  /** A number is written as Midtrans writes it ("350000.00"); a string is sent as given. */
  gross_amount: number | string;
  status_code?: string;
  fraud_status?: 'accept' | 'challenge' | 'deny';
  payment_type?: string;
  /** When the transaction happened (settlement_time too, for a settlement); now by default. */
  at?: Date;
  /** Sign with another key than the simulator's (a forged notification). */
  signWith?: string;
};

// The status_code Midtrans sends with each transaction_status.
const STATUS_CODES: Record<NotificationInput['transaction_status'], string> = {
  settlement: '200',
  capture: '200',
  pending: '201',
  expire: '407',
  cancel: '200',
  deny: '202',
};

const NOTIFICATION_PATH = '/api/payments/midtrans/notification';

/** "YYYY-MM-DD HH:mm:ss" in Jakarta time, as Midtrans writes its times. */
function midtransTime(date: Date): string {
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class MidtransSimulator {
  readonly requests: RecordedSnapRequest[] = [];
  private readonly failures: SnapFailure[] = [];
  private readonly orderIds = new Set<string>();

  private readonly server: Server;
  private port = 0;

  private constructor(readonly serverKey: string) {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => send(response, 500, { error_messages: ['simulator failed'] }));
    });
  }

  /** Starts a simulator that accepts `serverKey`; the app's MIDTRANS_BASE_URL is its `origin`. */
  static async start(serverKey: string): Promise<MidtransSimulator> {
    const simulator = new MidtransSimulator(serverKey);
    await simulator.listen();
    return simulator;
  }

  /** A simulator for the enclosing suite: listening before its tests, closed after them. */
  static perSuite(serverKey: string): MidtransSimulator {
    const simulator = new MidtransSimulator(serverKey);
    beforeAll(() => simulator.listen());
    afterAll(() => simulator.close());
    return simulator;
  }

  private async listen(): Promise<void> {
    this.port = await freePortForTest();
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The app's settings for paying through this simulator (once it listens). */
  appEnv(): Record<string, string> {
    return { MIDTRANS_SERVER_KEY: this.serverKey, MIDTRANS_BASE_URL: this.origin };
  }

  /** The next Snap request fails this way: a 500, a 201 without token, or no answer at all. */
  failNext(failure: SnapFailure = 'error'): void {
    this.failures.push(failure);
  }

  async close(): Promise<void> {
    // A stalled request would otherwise keep the server open.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/snap/v1/transactions') return send(response, 404, { error_messages: ['Not found'] });
    const failure = this.failures.shift();
    if (failure === 'stall') return;
    if (failure === 'error')
      return send(response, 500, { error_messages: ['Sorry, we encountered internal server error. We will fix this soon.'] });
    if (request.headers.authorization !== `Basic ${Buffer.from(`${this.serverKey}:`).toString('base64')}`) {
      return send(response, 401, { error_messages: ['Access denied due to unauthorized transaction, please check client or server key'] });
    }
    const parsed = SnapBodySchema.safeParse(safeJson(raw));
    if (!parsed.success)
      return send(response, 400, { error_messages: parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`) });
    const orderId = parsed.data.transaction_details.order_id;
    if (this.orderIds.has(orderId)) return send(response, 400, { error_messages: ['transaction_details.order_id sudah digunakan'] });
    if (failure === 'malformed') return send(response, 201, { status: 'ok' });
    this.orderIds.add(orderId);
    const token = randomUUID();
    this.requests.push({
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      accept: request.headers.accept,
      body: parsed.data,
      token,
    });
    send(response, 201, { token, redirect_url: `${this.origin}/snap/v4/redirection/${token}` });
  }

  /** A notification body exactly as Midtrans sends it, signed with the simulator's key (or `signWith`). */
  notification(input: NotificationInput): Record<string, string> {
    const statusCode = input.status_code ?? STATUS_CODES[input.transaction_status];
    const grossAmount = typeof input.gross_amount === 'number' ? `${input.gross_amount}.00` : input.gross_amount;
    const signature = createHash('sha512')
      .update(`${input.order_id}${statusCode}${grossAmount}${input.signWith ?? this.serverKey}`)
      .digest('hex');
    const time = midtransTime(input.at ?? new Date());
    const paid = input.transaction_status === 'settlement' || input.transaction_status === 'capture';
    return {
      transaction_time: time,
      transaction_status: input.transaction_status,
      transaction_id: randomUUID(),
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key: signature,
      payment_type: input.payment_type ?? 'bank_transfer',
      order_id: input.order_id,
      merchant_id: 'G000000000',
      gross_amount: grossAmount,
      fraud_status: input.fraud_status ?? 'accept',
      currency: 'IDR',
      ...(input.transaction_status === 'settlement' ? { settlement_time: time } : {}),
      ...(paid ? {} : { expiry_time: midtransTime(new Date((input.at ?? new Date()).getTime() + 86_400_000)) }),
    };
  }

  /** Sends a signed notification to the app (in-process through inject, or to its base URL over HTTP). */
  async notify(target: Pick<FastifyInstance, 'inject'> | string, input: NotificationInput): Promise<{ statusCode: number; body: unknown }> {
    const payload = this.notification(input);
    if (typeof target === 'string') {
      const response = await fetch(`${target.replace(/\/+$/, '')}${NOTIFICATION_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
      });
      return { statusCode: response.status, body: await response.json() };
    }
    const response = await target.inject({ method: 'POST', url: NOTIFICATION_PATH, payload });
    return { statusCode: response.statusCode, body: response.json() };
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
