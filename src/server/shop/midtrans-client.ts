import { z } from 'zod';
import type { Config } from '../config.js';

export type SnapItem = { id: string; price: number; quantity: number; name: string };
export type SnapRequest = {
  kodePesanan: string;
  total: number;
  items: SnapItem[];
  customer: { first_name: string; phone: string; email: string };
  expiryMinutes: number;
};
export type SnapTransaction = { token: string; redirect_url: string };

export type SnapClientOptions = {
  /** How long Snap may take before the order is refused (the buyer waits on this). */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;
// Snap refuses an item name longer than this.
const ITEM_NAME_MAX = 50;

const SnapAnswerSchema = z.object({ token: z.string().min(1), redirect_url: z.url() });

/** HTTP Basic with the server key as user name and an empty password, as Snap documents it. */
export function snapAuthorization(serverKey: string): string {
  return `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
}

/** The request body Snap documents for POST /snap/v1/transactions. */
export function snapBody(request: SnapRequest): Record<string, unknown> {
  return {
    transaction_details: { order_id: request.kodePesanan, gross_amount: request.total },
    item_details: request.items.map((item) => ({
      id: item.id,
      price: item.price,
      quantity: item.quantity,
      name: item.name.slice(0, ITEM_NAME_MAX),
    })),
    customer_details: request.customer,
    expiry: { unit: 'minute', duration: request.expiryMinutes },
  };
}

async function postSnap(config: Config, serverKey: string, body: Record<string, unknown>, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(`${config.MIDTRANS_BASE_URL}/snap/v1/transactions`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: snapAuthorization(serverKey) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(`Midtrans Snap unreachable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * Creates a Snap transaction (POST {MIDTRANS_BASE_URL}/snap/v1/transactions) and answers its token and
 * redirect_url. Throws on a time-out, a non-2xx answer or an answer without them: the caller refuses the
 * order (502) rather than hand out a payment link that does not exist.
 */
export async function createSnapTransaction(
  config: Config,
  request: SnapRequest,
  options: SnapClientOptions = {},
): Promise<SnapTransaction> {
  const serverKey = config.MIDTRANS_SERVER_KEY;
  if (!serverKey) throw new Error('Midtrans is not configured (MIDTRANS_SERVER_KEY)');
  const response = await postSnap(config, serverKey, snapBody(request), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  // Snap's error bodies (error_messages) name the problem without secrets: worth keeping for the log.
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new Error(`Midtrans Snap answered ${response.status}: ${text.slice(0, 500)}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`Midtrans Snap answered ${response.status} without JSON`);
  }
  const parsed = SnapAnswerSchema.safeParse(json);
  if (!parsed.success) throw new Error(`Midtrans Snap answered ${response.status} without token and redirect_url`);
  return { token: parsed.data.token, redirect_url: parsed.data.redirect_url };
}
