import { COURIER_LABELS, courierTrackingUrl, type Courier } from '../../domain/order-texts.js';
import type { WebhookEventInput } from './webhook-events.js';

/**
 * The `data` of each webhook event, one builder per kind (docs/webhooks.md). Only codes, statuses, the
 * store name, the order lines, amounts, dates and the courier: never a NIK, an account number, a
 * document, an address or a phone, so each builder picks its fields one by one from what it is given.
 */

type OrderFacts = {
  order: {
    kodePesanan: string;
    status: string;
    total: number;
    createdAt: Date;
    paidAt: Date | null;
    invoiceNumber: string | null;
    shippedAt: Date | null;
    deliveredAt: Date | null;
    kurir: string | null;
    noResi: string | null;
  };
  items: readonly { sku: string; name: string; quantity: number; price: number }[];
  merchant: { kodePendaftaran: string; namaToko: string };
};

function orderData({ order, items, merchant }: OrderFacts): Record<string, unknown> {
  return {
    kode_pesanan: order.kodePesanan,
    kode_pendaftaran: merchant.kodePendaftaran,
    nama_toko: merchant.namaToko,
    status: order.status,
    items: items.map((item) => ({ sku: item.sku, name: item.name, quantity: item.quantity, price: item.price })),
    total: order.total,
    created_at: order.createdAt.toISOString(),
  };
}

export function orderCreatedEvent(facts: OrderFacts, now: Date): WebhookEventInput {
  return { type: 'order.created', data: orderData(facts), now };
}

export function orderPaidEvent(facts: OrderFacts, now: Date): WebhookEventInput {
  return {
    type: 'order.paid',
    data: { ...orderData(facts), paid_at: facts.order.paidAt?.toISOString() ?? null, invoice_number: facts.order.invoiceNumber },
    now,
  };
}

export function orderShippedEvent(facts: OrderFacts, now: Date): WebhookEventInput {
  const kurir = facts.order.kurir as Courier | null;
  const noResi = facts.order.noResi ?? '';
  return {
    type: 'order.shipped',
    data: {
      ...orderData(facts),
      kurir,
      kurir_label: kurir ? COURIER_LABELS[kurir] : null,
      no_resi: facts.order.noResi,
      tracking_url: kurir ? courierTrackingUrl(kurir, noResi) : null,
      shipped_at: facts.order.shippedAt?.toISOString() ?? null,
    },
    now,
  };
}

export function orderDeliveredEvent(facts: OrderFacts, now: Date): WebhookEventInput {
  return {
    type: 'order.delivered',
    data: { ...orderData(facts), delivered_at: facts.order.deliveredAt?.toISOString() ?? null },
    now,
  };
}

export function merchantStatusChangedEvent(
  merchant: { kodePendaftaran: string; namaToko: string },
  change: { from: string; to: string },
  now: Date,
): WebhookEventInput {
  return {
    type: 'merchant.status_changed',
    data: {
      kode_pendaftaran: merchant.kodePendaftaran,
      nama_toko: merchant.namaToko,
      status_sebelumnya: change.from,
      status: change.to,
      changed_at: now.toISOString(),
    },
    now,
  };
}
