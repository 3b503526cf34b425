import { z } from 'zod';

/**
 * Signed webhooks for the provider's own systems (the acquirer that issues the QRIS NMID, the ERP): the
 * events, the endpoint contract of /api/admin/webhooks and the delivery log. Payloads never carry a NIK,
 * an account number or a document (docs/webhooks.md).
 */
export const WEBHOOK_EVENTS = ['merchant.status_changed', 'order.created', 'order.paid', 'order.shipped', 'order.delivered'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'merchant.status_changed': 'Status merchant berubah',
  'order.created': 'Pesanan dibuat',
  'order.paid': 'Pesanan dibayar',
  'order.shipped': 'Pesanan dikirim',
  'order.delivered': 'Pesanan diterima',
};

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
export const WEBHOOK_DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pending: 'Menunggu',
  sent: 'Terkirim',
  failed: 'Gagal',
};

export const WEBHOOK_MESSAGES = {
  url: 'URL webhook harus diawali https:// (http:// hanya untuk localhost).',
  events: 'Pilih minimal satu event.',
  notFound: 'Webhook tidak ditemukan',
  deliveryNotFound: 'Pengiriman webhook tidak ditemukan',
  privateUrl: 'URL webhook tidak boleh mengarah ke alamat internal (localhost, jaringan privat, atau link-local).',
  deliveryInFlight: 'Pengiriman ini sedang berlangsung. Tunggu hasilnya, lalu kirim ulang bila perlu.',
} as const;

const webhookUrl = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .max(2000, WEBHOOK_MESSAGES.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.username || url.password) return false;
      if (url.protocol === 'https:') return true;
      // Plain HTTP only to this machine (a receiver beside the server, and the tests' own).
      return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.url);

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.events }))
  .min(1, WEBHOOK_MESSAGES.events)
  .max(WEBHOOK_EVENTS.length);

/** POST /api/admin/webhooks. */
export const WebhookCreateSchema = z.object({ url: webhookUrl, events, active: z.boolean().optional() }).strict();
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;

/** PUT /api/admin/webhooks/{id}: any of the three. */
export const WebhookUpdateSchema = z
  .object({ url: webhookUrl.optional(), events: events.optional(), active: z.boolean().optional() })
  .strict();
export type WebhookUpdate = z.infer<typeof WebhookUpdateSchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer of POST: the only time the secret is shown. */
export const WebhookCreatedSchema = WebhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

export const WebhookListSchema = z.object({ items: z.array(WebhookSchema) });
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENTS),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ items: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

/** The body every endpoint receives. */
export type WebhookPayload = { id: string; type: WebhookEvent; created_at: string; data: Record<string, unknown> };
