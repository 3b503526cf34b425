import { z } from 'zod';
import { JAKARTA_TIME_ZONE } from '../../../domain/format';
import { ORDER_MESSAGES, type OrderAdminDetail, type PaymentConfirm } from '../../../domain/orders';
import { ORDER_TEXTS } from './order-texts';

/** 'Konfirmasi Pembayaran' as typed: the amount stays text so '1.500.123' and 'Rp 1.500.123' are accepted. */
export type PaymentForm = { jumlah: string; tanggal: string; catatan: string };

/** What should arrive: a transfer's amount carries its unique code; Midtrans charges the total. */
export function expectedAmount(order: Pick<OrderAdminDetail, 'pembayaran' | 'total'>): number {
  return order.pembayaran.metode === 'transfer' ? order.pembayaran.jumlah : order.total;
}

/** Today's date in Jakarta as a date input holds it (YYYY-MM-DD): the bank's day, whatever the browser's zone. */
export function todayWib(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: JAKARTA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole rupiah as an admin copies them from a bank statement: 'Rp', spaces and thousands dots are dropped. */
export function parseRupiah(text: string): number | null {
  const digits = text.replace(/^\s*Rp\.?/i, '').replace(/[\s.\u00a0]/g, '');
  if (!/^\d{1,11}$/.test(digits)) return null;
  return Number(digits);
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The server asks for a note when the amount is not the expected one; the form asks first, in its words. */
export function paymentFormSchema(expected: number) {
  return z
    .object({
      jumlah: z
        .string()
        .refine((value) => parseRupiah(value) !== null, ORDER_TEXTS.amountDigits)
        // zod runs every refinement: each says only its own fault, so one message stands under the field.
        .refine((value) => (parseRupiah(value) ?? 1) >= 1, ORDER_TEXTS.amountMin),
      tanggal: z
        .string()
        .refine(isCalendarDate, ORDER_TEXTS.dateInvalid)
        // ISO dates compare as text; the server refuses a day after today (WIB) with the same words.
        .refine((value) => !isCalendarDate(value) || value <= todayWib(), ORDER_TEXTS.dateInFuture),
      catatan: z.string().max(500),
    })
    .superRefine((values, context) => {
      const amount = parseRupiah(values.jumlah);
      if (amount !== null && amount !== expected && values.catatan.trim() === '') {
        context.addIssue({ code: 'custom', path: ['catatan'], message: ORDER_MESSAGES.amountNoteRequired });
      }
    });
}

export function defaultPaymentForm(order: Pick<OrderAdminDetail, 'pembayaran' | 'total'>, now?: Date): PaymentForm {
  return { jumlah: String(expectedAmount(order)), tanggal: todayWib(now), catatan: '' };
}

/** The request body; an empty note is left out rather than sent as ''. */
export function toPaymentConfirm(values: PaymentForm): PaymentConfirm {
  const catatan = values.catatan.trim();
  return { jumlah: parseRupiah(values.jumlah) ?? 0, tanggal: values.tanggal, ...(catatan ? { catatan } : {}) };
}
