import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fulfilmentSuite } from '../../../tests/support/fulfilment-kit.js';
import type { TimelineEntry } from '../../domain/orders.js';
import { fixRequests, merchants, orders } from '../db/schema.js';
import { generateToken, hashToken } from '../shared/tokens.js';

const ANY = expect.any(String);
/** An order's timeline when nothing out of line happens: no fix request, no wait for the verification, no closing. */
const ORDER_STEPS = ['pendaftaran_diterima', 'diverifikasi', 'pesanan_dibuat', 'dibayar', 'dikemas', 'dikirim', 'diterima'];

describe("the merchant's timeline", () => {
  const s = fulfilmentSuite();
  let phones = 0;

  const merchant = async (status: 'processing' | 'verified' = 'processing') => {
    const receipt = generateToken();
    phones += 1;
    const row = await s.merchant(status, {
      receiptTokenHash: hashToken(receipt),
      email: `timeline${phones}@example.com`,
      noHp: `+62812555500${String(phones).padStart(2, '0')}`,
    });
    return { row, receipt, email: `timeline${phones}@example.com`, noHp: `0812555500${String(phones).padStart(2, '0')}` };
  };
  const orderPage = async (kode: string, akses: string) => {
    const response = await s.t.app.inject({ method: 'GET', url: `/api/orders/${kode}`, headers: { authorization: `Bearer ${akses}` } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { timeline: TimelineEntry[]; pengiriman_paket: unknown; delivered_at: string | null; status: string };
  };
  const statusLookup = async (payload: object) => {
    const response = await s.t.app.inject({ method: 'POST', url: '/api/status/lookup', payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { timeline: TimelineEntry[] | null };
  };
  const at = (ms = 0) => new Date(s.clock.now().getTime() + ms).toISOString();
  /**
   * The timeline of an order paid while its registration is in review: each step at its time, null until
   * it happens; menunggu_verifikasi from the payment on.
   */
  const paidDuringReview = (times: {
    submitted: string;
    verified?: unknown;
    created: string;
    paid?: string;
    packed?: string;
    shipped?: { at: string; detail: string };
  }) => [
    { step: 'pendaftaran_diterima', at: times.submitted },
    { step: 'diverifikasi', at: times.verified ?? null },
    { step: 'pesanan_dibuat', at: times.created },
    { step: 'dibayar', at: times.paid ?? null },
    ...(times.paid ? [{ step: 'menunggu_verifikasi', at: times.paid }] : []),
    { step: 'dikemas', at: times.packed ?? null },
    { step: 'dikirim', at: times.shipped?.at ?? null, detail: times.shipped?.detail ?? null },
    { step: 'diterima', at: null },
  ];

  it('follows an order paid during the review from its creation to its receipt', async () => {
    const { row, receipt } = await merchant('processing');
    const submitted = row.submittedAt.toISOString();
    const { order, akses } = await s.order(row.id);
    const created = order.createdAt.toISOString();

    expect((await orderPage(order.kodePesanan, akses)).timeline).toEqual(paidDuringReview({ submitted, created }));

    s.clock.advance(60_000);
    await s.pay(order.id);
    const paid = at();
    expect((await orderPage(order.kodePesanan, akses)).timeline).toEqual(paidDuringReview({ submitted, created, paid }));

    s.clock.advance(60_000);
    await s.setStatus(row.id, 'verified');
    s.clock.advance(60_000);
    await s.pack(order.id);
    const packed = at();
    s.clock.advance(60_000);
    await s.ship(order.id, { kurir: 'anteraja', no_resi: '10000123456' });
    const shipped = at();
    const page = await orderPage(order.kodePesanan, akses);
    expect(page.timeline).toEqual(
      paidDuringReview({
        submitted,
        // The verification's time is its audit row's, written by the database's clock.
        verified: ANY,
        created,
        paid,
        packed,
        shipped: { at: shipped, detail: 'AnterAja · resi 10000123456' },
      }),
    );
    expect(page.pengiriman_paket).toEqual({
      kurir: 'anteraja',
      kurir_label: 'AnterAja',
      no_resi: '10000123456',
      tracking_url: 'https://anteraja.id/tracking/10000123456',
      shipped_at: shipped,
    });
    expect(page.delivered_at).toBeNull();

    // The status page shows the same story to the receipt holder.
    expect((await statusLookup({ kode_pendaftaran: row.kodePendaftaran, receipt_token: receipt })).timeline).toEqual(page.timeline);

    s.clock.advance(60_000);
    await s.delivered(order.id);
    const done = await orderPage(order.kodePesanan, akses);
    expect(done.timeline.at(-1)).toEqual({ step: 'diterima', at: at() });
    expect(done.delivered_at).toBe(at());
  });

  it('has no waiting step for an order paid after the verification', async () => {
    const { row } = await merchant('verified');
    await s.db().update(merchants).set({ firstDecidedAt: s.clock.now() }).where(eq(merchants.id, row.id));
    const { order, akses } = await s.order(row.id);
    await s.pay(order.id);
    const steps = (await orderPage(order.kodePesanan, akses)).timeline;
    expect(steps.map((entry) => entry.step)).toEqual(ORDER_STEPS);
    // Verified without an audited decision (imported data): the first decision's time.
    expect(steps[1]).toEqual({ step: 'diverifikasi', at: s.clock.now().toISOString() });
  });

  it('shows a fix request and its resubmission when they happened', async () => {
    const { row, receipt } = await merchant('processing');
    s.clock.advance(60_000);
    await s.setStatus(row.id, 'data_tidak_lengkap');
    const steps = (await statusLookup({ kode_pendaftaran: row.kodePendaftaran, receipt_token: receipt })).timeline!;
    expect(steps).toEqual([
      { step: 'pendaftaran_diterima', at: row.submittedAt.toISOString() },
      { step: 'perbaikan_diminta', at: ANY },
      { step: 'perbaikan_dikirim', at: null },
      { step: 'diverifikasi', at: null },
    ]);
    // The applicant sent the fixes (the resubmission itself is the perbaikan suite's).
    const used = new Date('2026-05-04T05:00:00.000Z');
    await s.db().update(fixRequests).set({ usedAt: used }).where(eq(fixRequests.merchantId, row.id));
    await s.db().update(merchants).set({ status: 'processing' }).where(eq(merchants.id, row.id));
    expect((await statusLookup({ kode_pendaftaran: row.kodePendaftaran, receipt_token: receipt })).timeline![2]).toEqual({
      step: 'perbaikan_dikirim',
      at: used.toISOString(),
    });
  });

  it('ends a cancelled or expired order at its closing step, and a rejected registration with ditolak', async () => {
    const { row } = await merchant('processing');
    const expired = await s.order(row.id);
    const closedAt = new Date('2026-05-05T03:00:00.000Z');
    await s.db().update(orders).set({ status: 'kedaluwarsa', expiredAt: closedAt }).where(eq(orders.id, expired.order.id));
    expect((await orderPage(expired.order.kodePesanan, expired.akses)).timeline).toEqual([
      { step: 'pendaftaran_diterima', at: row.submittedAt.toISOString() },
      { step: 'diverifikasi', at: null },
      { step: 'pesanan_dibuat', at: expired.order.createdAt.toISOString() },
      { step: 'kedaluwarsa', at: closedAt.toISOString() },
    ]);

    const paid = await s.order(row.id);
    await s.pay(paid.order.id);
    s.clock.advance(60_000);
    await s.setStatus(row.id, 'rejected', 'Data tidak valid');
    expect((await orderPage(paid.order.kodePesanan, paid.akses)).timeline).toEqual([
      { step: 'pendaftaran_diterima', at: row.submittedAt.toISOString() },
      { step: 'ditolak', at: ANY },
      { step: 'pesanan_dibuat', at: paid.order.createdAt.toISOString() },
      { step: 'dibayar', at: ANY },
      { step: 'menunggu_verifikasi', at: ANY },
      { step: 'dibatalkan', at: s.clock.now().toISOString() },
    ]);
  });

  it('gives the status page the newest going order, the registration alone without one, and null to a code alone', async () => {
    const { row, receipt, email, noHp } = await merchant('processing');
    const registrationOnly = [
      { step: 'pendaftaran_diterima', at: row.submittedAt.toISOString() },
      { step: 'diverifikasi', at: null },
    ];
    expect((await statusLookup({ kode_pendaftaran: row.kodePendaftaran, receipt_token: receipt })).timeline).toEqual(registrationOnly);
    expect((await statusLookup({ kode_pendaftaran: row.kodePendaftaran })).timeline).toBeNull();
    expect((await statusLookup({ kode_pendaftaran: row.kodePendaftaran, receipt_token: generateToken() })).timeline).toBeNull();

    const going = await s.order(row.id);
    s.clock.advance(60_000);
    const cancelled = await s.order(row.id);
    await s.admin('POST', `/orders/${cancelled.order.id}/cancel`, { alasan: 'Salah pesan' });
    const withOrder = [...registrationOnly, { step: 'pesanan_dibuat', at: going.order.createdAt.toISOString() }];
    for (const payload of [
      { kode_pendaftaran: row.kodePendaftaran, receipt_token: receipt },
      { email, no_hp: noHp },
    ]) {
      const steps = (await statusLookup(payload)).timeline!;
      expect(steps.slice(0, 3)).toEqual(withOrder);
      expect(steps.map((entry) => entry.step)).toEqual(ORDER_STEPS);
    }
    expect((await statusLookup({ kode_pendaftaran: row.kodePendaftaran })).timeline).toBeNull();
  });

  it('answers the timeline on the order lookup too', async () => {
    const { row, noHp } = await merchant('verified');
    const { order } = await s.order(row.id);
    const response = await s.t.app.inject({
      method: 'POST',
      url: '/api/orders/lookup',
      payload: { kode_pesanan: order.kodePesanan, no_hp: noHp },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().timeline.map((entry: TimelineEntry) => entry.step)).toEqual(ORDER_STEPS);
    expect(response.json()).toMatchObject({ pengiriman_paket: null, delivered_at: null });
  });
});
