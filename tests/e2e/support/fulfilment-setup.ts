import type { APIRequestContext } from 'playwright-core';
import type { OrderCreateResponse } from '../../../src/domain/orders.js';

/** Today in Jakarta as the payment confirmation wants it (YYYY-MM-DD). */
function todayWib(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/** The internal id of an order, found by its code through the admin list (the public answer has no id). */
export async function orderIdByCode(request: APIRequestContext, kodePesanan: string): Promise<string> {
  const response = await request.get(`/api/admin/orders?q=${encodeURIComponent(kodePesanan)}`);
  const { items } = (await response.json()) as { items: { id: string; kode_pesanan: string }[] };
  const item = items.find((candidate) => candidate.kode_pesanan === kodePesanan);
  if (!item) throw new Error(`no order ${kodePesanan} in the admin list (${response.status()})`);
  return item.id;
}

/** 'Konfirmasi Pembayaran' through the admin API, the transfer to the rupiah; answers the order's new status. */
export async function confirmTransferThroughApi(request: APIRequestContext, order: OrderCreateResponse): Promise<string> {
  if (order.pembayaran.metode !== 'transfer') throw new Error(`${order.kode_pesanan} is not paid by transfer`);
  const id = await orderIdByCode(request, order.kode_pesanan);
  const response = await request.post(`/api/admin/orders/${id}/payment`, {
    data: { jumlah: order.pembayaran.jumlah, tanggal: todayWib() },
  });
  if (!response.ok()) throw new Error(`payment: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { status: string }).status;
}

/** 'Kemas' through the admin API: one serial per unit, in the order's lines. */
export async function packThroughApi(request: APIRequestContext, order: OrderCreateResponse, serials: readonly string[]): Promise<void> {
  const units = order.items
    .flatMap((item) => Array.from({ length: item.quantity }, () => item.product_id))
    .map((product_id, index) => ({ product_id, nomor_seri: serials[index] }));
  const id = await orderIdByCode(request, order.kode_pesanan);
  const response = await request.post(`/api/admin/orders/${id}/pack`, { data: { units } });
  if (!response.ok()) throw new Error(`pack: ${response.status()} ${await response.text()}`);
}
