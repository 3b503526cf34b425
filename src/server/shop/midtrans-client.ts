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

/** Creates a Snap transaction (POST {MIDTRANS_BASE_URL}/snap/v1/transactions); to be written. */
export async function createSnapTransaction(_config: Config, _request: SnapRequest): Promise<SnapTransaction> {
  throw new Error('not written yet');
}
