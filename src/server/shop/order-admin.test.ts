import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { MINUTE, testClock } from '../../../tests/support/auth-test-kit.js';
import { testAppPerSuite, type TestApp } from '../../../tests/support/build-test-app.js';
import { insertMerchant, insertOrder, productStock } from '../../../tests/support/order-fixtures.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { auditLogs, orders, outboxMessages, products } from '../db/schema.js';
import type { MerchantEvent } from '../events/event-bus.js';

// 10:00 WIB on 10 March 2026.
const NOW = '2026-03-10T03:00:00.000Z';
const NOT_FOUND = { code: 'ORDER_NOT_FOUND', message: 'Pesanan tidak ditemukan' };
const conflict = (label: string) => ({
  code: 'ORDER_STATUS_CONFLICT',
  message: `Tindakan ini tidak dapat dilakukan pada pesanan berstatus ${label}.`,
});
// formatRupiah writes a no-break space after Rp.
const rupiah = (text: string) => `Rp\u00a0${text}`;

type Line = { productId: number; quantity: number };

function adminSuite() {
  const clock = testClock(NOW);
  const t: TestApp = testAppPerSuite({ now: clock.now }, async (app) => {
    // Enough units for every order of the suite; each test reads stock relative to what it found.
    await app.database.db.update(products).set({ stock: 1000 });
  });
  const session = { admin: undefined as unknown as SignedIn };
  const events: MerchantEvent[] = [];
  beforeAll(async () => {
    session.admin = await signIn(t.app);
    t.app.deps.events.subscribe((event) => events.push(event));
  });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: session.admin.cookie }, ...(payload ? { payload } : {}) });
  const order = async (merchantId: string, items: Line[], extra: { createdAt?: Date; metode?: 'transfer' | 'midtrans' } = {}) =>
    (
      await insertOrder(t.database.db, {
        merchantId,
        items,
        createdAt: extra.createdAt ?? clock.now(),
        kodeUnik: 123,
        ...(extra.metode ? { metode: extra.metode } : {}),
      })
    ).order;
  const auditOf = (id: string) =>
    t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'orders'), eq(auditLogs.targetId, id)));
  const mailsOf = (merchantId: string, kind: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.merchantId, merchantId), eq(outboxMessages.kind, kind)));
  return { clock, t, session, events, call, order, auditOf, mailsOf };
}

describe('admin order list', () => {
  const s = adminSuite();
  let kopi: { id: string; kode: string };
  let makmur: { id: string; kode: string };
  // Oldest first, as inserted.
  const made: { id: string; kodePesanan: string }[] = [];

  beforeAll(async () => {
    const db = s.t.database.db;
    const a = await insertMerchant(db, { kodePendaftaran: 'AIP-KOPI1', namaToko: 'Toko Kopi Senja' });
    const b = await insertMerchant(db, { kodePendaftaran: 'AIP-MKMR2', namaToko: 'Warung Makmur' });
    kopi = { id: a.id, kode: a.kodePendaftaran };
    makmur = { id: b.id, kode: b.kodePendaftaran };
    const start = new Date(NOW).getTime() - 3 * 3_600_000;
    for (let i = 0; i < 25; i += 1) {
      const merchantId = i === 3 || i === 17 ? kopi.id : makmur.id;
      const items =
        i === 17
          ? [
              { productId: 1, quantity: 2 },
              { productId: 2, quantity: 3 },
            ]
          : [{ productId: 1, quantity: 1 }];
      made.push(await s.order(merchantId, items, { createdAt: new Date(start + i * MINUTE) }));
    }
  });

  const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

  it('pages newest first, twenty a page, with the whole count', async () => {
    const first = await s.call('GET', '/orders');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, page_size: 20, total: 25 });
    expect(ids(body)).toEqual(
      made
        .slice(5)
        .reverse()
        .map((o) => o.id),
    );
    const second = (await s.call('GET', '/orders?page=2')).json();
    expect(second).toMatchObject({ page: 2, page_size: 20, total: 25 });
    expect(ids(second)).toEqual(
      made
        .slice(0, 5)
        .reverse()
        .map((o) => o.id),
    );
    expect((await s.call('GET', '/orders?page=3')).json()).toMatchObject({ items: [], total: 25 });
  });

  it('shows the merchant, the method, the total and the units of each order', async () => {
    const body = (await s.call('GET', `/orders?q=${made[17]!.kodePesanan}`)).json();
    expect(body.items).toEqual([
      {
        id: made[17]!.id,
        kode_pesanan: made[17]!.kodePesanan,
        kode_pendaftaran: 'AIP-KOPI1',
        nama_toko: 'Toko Kopi Senja',
        status: 'menunggu_pembayaran',
        perlu_refund: false,
        metode_pembayaran: 'transfer',
        total: 2 * 350_000 + 3 * 2_500_000,
        jumlah_item: 5,
        created_at: new Date(new Date(NOW).getTime() - 3 * 3_600_000 + 17 * MINUTE).toISOString(),
      },
    ]);
  });

  it('finds an order by its code, whole or from its start, in any case', async () => {
    const target = made[9]!;
    expect(ids((await s.call('GET', `/orders?q=${target.kodePesanan.toLowerCase()}`)).json())).toEqual([target.id]);
    const prefix = target.kodePesanan.slice(0, 7);
    const byPrefix = (await s.call('GET', `/orders?q=${prefix.toLowerCase()}`)).json();
    const expected = made.filter((o) => o.kodePesanan.startsWith(prefix));
    expect(byPrefix.total).toBe(expected.length);
    expect(ids(byPrefix).sort()).toEqual(expected.map((o) => o.id).sort());
    expect((await s.call('GET', '/orders?q=ORD-ZZZZZZZZ')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('finds the orders of a registration by its code, and by the store name', async () => {
    const ofKopi = [made[17]!.id, made[3]!.id];
    expect(ids((await s.call('GET', '/orders?q=AIP-KOPI1')).json())).toEqual(ofKopi);
    expect(ids((await s.call('GET', '/orders?q=aip-kop')).json())).toEqual(ofKopi);
    expect(ids((await s.call('GET', '/orders?q=kopi%20SENJA')).json())).toEqual(ofKopi);
    const makmurOrders = (await s.call('GET', '/orders?q=makmur')).json();
    expect(makmurOrders).toMatchObject({ total: 23 });
    expect(makmurOrders.items.every((item: { kode_pendaftaran: string }) => item.kode_pendaftaran === makmur.kode)).toBe(true);
    // The owner's name is not a store name.
    expect((await s.call('GET', '/orders?q=Rahayu')).json()).toMatchObject({ items: [], total: 0 });
    // LIKE's wildcards are text here.
    expect((await s.call('GET', '/orders?q=%25')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('filters by status, alone and with a search', async () => {
    expect((await s.call('POST', `/orders/${made[3]!.id}/payment`, { jumlah: 350_123, tanggal: '2026-03-10' })).statusCode).toBe(200);
    expect((await s.call('POST', `/orders/${made[20]!.id}/cancel`, { alasan: 'Pembeli membatalkan lewat telepon' })).statusCode).toBe(200);
    expect(ids((await s.call('GET', '/orders?status=menunggu_verifikasi')).json())).toEqual([made[3]!.id]);
    expect(ids((await s.call('GET', '/orders?status=dibatalkan')).json())).toEqual([made[20]!.id]);
    expect((await s.call('GET', '/orders?status=menunggu_pembayaran')).json()).toMatchObject({ total: 23 });
    expect(ids((await s.call('GET', '/orders?status=menunggu_verifikasi&q=AIP-KOPI1')).json())).toEqual([made[3]!.id]);
    expect((await s.call('GET', '/orders?status=kedaluwarsa')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses an unknown status, page or field with 400', async () => {
    for (const url of ['/orders?status=lunas', '/orders?page=0', '/orders?sort=oldest']) {
      const response = await s.call('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 401 without a session', async () => {
    const response = await s.t.app.inject({ method: 'GET', url: '/api/admin/orders' });
    expectRefusal(response, 401, { code: 'UNAUTHENTICATED', message: 'Sesi Anda telah berakhir. Silakan login kembali.' });
  });
});

describe('admin order detail and actions', () => {
  const s = adminSuite();
  let merchantId: string;

  beforeAll(async () => {
    merchantId = (await insertMerchant(s.t.database.db, { kodePendaftaran: 'AIP-DTL01', namaToko: 'Kedai Detail' })).id;
  });

  it('answers the order with its lines, payment, shipping and admin fields', async () => {
    const created = await s.order(merchantId, [{ productId: 1, quantity: 2 }]);
    const response = await s.call('GET', `/orders/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      merchant_id: merchantId,
      kode_pesanan: created.kodePesanan,
      kode_pendaftaran: 'AIP-DTL01',
      nama_toko: 'Kedai Detail',
      status: 'menunggu_pembayaran',
      metode_pembayaran: 'transfer',
      items: [{ product_id: 1, sku: 'SBX-STD', name: 'Soundbox', price: 350_000, quantity: 2, line_total: 700_000 }],
      subtotal: 700_000,
      ongkir: 0,
      total: 700_000,
      pembayaran: { metode: 'transfer', kode_unik: 123, jumlah: 700_123 },
      pengiriman: { nama_penerima: 'Siti Rahayu', kota_kab: 'Jakarta Selatan', kode_pos: '12810' },
      perlu_refund: false,
      paid_amount: null,
      payment_note: null,
      cancel_reason: null,
      cancelled_at: null,
      expired_at: null,
      paid_at: null,
      invoice_number: null,
      created_at: NOW,
      updated_at: NOW,
      timeline: [],
    });
  });

  it('answers 404 for an unknown or malformed id on every order route', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'bukan-id', '-'.repeat(36)]) {
      expectRefusal(await s.call('GET', `/orders/${id}`), 404, NOT_FOUND);
      expectRefusal(await s.call('GET', `/orders/${id}/audit`), 404, NOT_FOUND);
      expectRefusal(await s.call('POST', `/orders/${id}/payment`, { jumlah: 1000, tanggal: '2026-03-10' }), 404, NOT_FOUND);
      expectRefusal(await s.call('POST', `/orders/${id}/cancel`, { alasan: 'Tidak ada' }), 404, NOT_FOUND);
    }
  });

  it('confirms a transfer of the exact amount: paid today, invoice number, audit row, mail and event', async () => {
    const created = await s.order(merchantId, [{ productId: 1, quantity: 1 }]);
    const response = await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 350_123, tanggal: '2026-03-10' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'menunggu_verifikasi', paid_at: NOW, paid_amount: 350_123, payment_note: null, updated_at: NOW });
    expect(body.invoice_number).toMatch(/^INV\/2026\/03\/\d{5}$/);
    // Audit rows take the database's clock, not the app's.
    expect(body.timeline).toEqual([
      { at: expect.any(String), label: 'Pembayaran dikonfirmasi', detail: `admin@aipos.test · ${rupiah('350.123')}` },
    ]);
    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.id, created.id));
    expect(row).toMatchObject({ status: 'menunggu_verifikasi', paidAmount: 350_123, invoiceNumber: body.invoice_number });
    const audit = await s.auditOf(created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'order_payment_confirmed',
      actorId: s.session.admin.userId,
      diff: expect.objectContaining({
        from: 'menunggu_pembayaran',
        to: 'menunggu_verifikasi',
        jumlah: 350_123,
        invoice: body.invoice_number,
      }),
    });
    expect(await s.mailsOf(merchantId, 'order_paid')).toHaveLength(1);
    expect(s.events).toContainEqual({ kind: 'order_changed', merchant_id: merchantId, order_id: created.id });

    const listed = await s.call('GET', `/orders/${created.id}/audit`);
    expect(listed.json().items).toEqual([
      expect.objectContaining({
        action: 'order_payment_confirmed',
        actor_email: 'admin@aipos.test',
        target_table: 'orders',
        target_id: created.id,
      }),
    ]);
  });

  it('dates a payment of an earlier day at noon WIB of that day', async () => {
    const created = await s.order(merchantId, [{ productId: 1, quantity: 1 }]);
    const body = (await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 350_123, tanggal: '2026-03-08' })).json();
    expect(body).toMatchObject({ status: 'menunggu_verifikasi', paid_at: '2026-03-08T05:00:00.000Z' });
  });

  it('needs a note for an amount other than the one owed, and changes nothing without it', async () => {
    const created = await s.order(merchantId, [{ productId: 1, quantity: 1 }]);
    const refused = await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 350_000, tanggal: '2026-03-10' });
    expectRefusal(refused, 400, {
      code: 'AMOUNT_NOTE_REQUIRED',
      message: 'Jumlah berbeda dari yang seharusnya dibayar: tulis catatan.',
      field: 'catatan',
    });
    const blank = await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 350_000, tanggal: '2026-03-10', catatan: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((await s.call('GET', `/orders/${created.id}`)).json()).toMatchObject({ status: 'menunggu_pembayaran', paid_amount: null });
    expect(await s.auditOf(created.id)).toEqual([]);

    const noted = await s.call('POST', `/orders/${created.id}/payment`, {
      jumlah: 350_000,
      tanggal: '2026-03-10',
      catatan: 'Pembeli lupa kode unik',
    });
    expect(noted.statusCode).toBe(200);
    expect(noted.json()).toMatchObject({ status: 'menunggu_verifikasi', paid_amount: 350_000, payment_note: 'Pembeli lupa kode unik' });
    expect(noted.json().timeline[0].detail).toBe(`admin@aipos.test · ${rupiah('350.000')} · Pembeli lupa kode unik`);
  });

  it('refuses a payment on a paid order with 409, and a day that is not a past or present date with 400', async () => {
    const created = await s.order(merchantId, [{ productId: 1, quantity: 1 }]);
    expect((await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 350_123, tanggal: '2026-03-10' })).statusCode).toBe(200);
    expectRefusal(
      await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 350_123, tanggal: '2026-03-10' }),
      409,
      conflict('Menunggu Verifikasi'),
    );
    // Even with another amount and no note: the status is the answer.
    expectRefusal(
      await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 1, tanggal: '2026-03-10' }),
      409,
      conflict('Menunggu Verifikasi'),
    );
    expect(await s.auditOf(created.id)).toHaveLength(1);

    const unpaid = await s.order(merchantId, [{ productId: 1, quantity: 1 }]);
    expectRefusal(await s.call('POST', `/orders/${unpaid.id}/payment`, { jumlah: 350_123, tanggal: '2026-03-11' }), 400, {
      code: 'VALIDATION_ERROR',
      message: 'Tanggal pembayaran tidak boleh melewati hari ini.',
      field: 'tanggal',
    });
    expectRefusal(await s.call('POST', `/orders/${unpaid.id}/payment`, { jumlah: 350_123, tanggal: '2026-02-30' }), 400, {
      code: 'VALIDATION_ERROR',
      message: 'Tanggal tidak valid',
      field: 'tanggal',
    });
    expect((await s.call('POST', `/orders/${unpaid.id}/payment`, { jumlah: 350_123, tanggal: '10-03-2026' })).statusCode).toBe(400);
    expect((await s.call('GET', `/orders/${unpaid.id}`)).json().status).toBe('menunggu_pembayaran');
  });

  it('confirms a Midtrans order too, against its total', async () => {
    const created = await s.order(merchantId, [{ productId: 3, quantity: 1 }], { metode: 'midtrans' });
    const response = await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 3_000_000, tanggal: '2026-03-10' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'menunggu_verifikasi',
      metode_pembayaran: 'midtrans',
      paid_amount: 3_000_000,
      payment_note: null,
    });
  });

  it('cancels an unpaid order: units released, reason kept, audit row, mail and event', async () => {
    const before = await productStock(s.t.database.db, 2);
    const created = await s.order(merchantId, [{ productId: 2, quantity: 3 }]);
    expect((await productStock(s.t.database.db, 2)).held).toBe(before.held + 3);
    s.clock.advance(5 * MINUTE);
    const response = await s.call('POST', `/orders/${created.id}/cancel`, { alasan: '  Stok rusak di gudang ' });
    expect(response.statusCode).toBe(200);
    const later = s.clock.now().toISOString();
    expect(response.json()).toMatchObject({
      status: 'dibatalkan',
      perlu_refund: false,
      cancel_reason: 'Stok rusak di gudang',
      cancelled_at: later,
    });
    expect(response.json().timeline).toEqual([
      { at: expect.any(String), label: 'Pesanan dibatalkan', detail: 'admin@aipos.test · Stok rusak di gudang' },
    ]);
    expect(await productStock(s.t.database.db, 2)).toEqual(before);
    const audit = await s.auditOf(created.id);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([['order_cancelled', s.session.admin.userId]]);
    expect(await s.mailsOf(merchantId, 'order_closed')).toHaveLength(1);
    expect(s.events).toContainEqual({ kind: 'order_changed', merchant_id: merchantId, order_id: created.id });
  });

  it('cancels a paid order as needing a refund, and releases its units', async () => {
    const before = await productStock(s.t.database.db, 3);
    const created = await s.order(merchantId, [{ productId: 3, quantity: 2 }]);
    expect((await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 6_000_123, tanggal: '2026-03-10' })).statusCode).toBe(200);
    expect((await productStock(s.t.database.db, 3)).held).toBe(before.held + 2);
    const response = await s.call('POST', `/orders/${created.id}/cancel`, { alasan: 'Barang tidak dapat dikirim' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'dibatalkan', perlu_refund: true, paid_amount: 6_000_123 });
    expect(response.json().timeline.map((entry: { label: string; detail: string }) => [entry.label, entry.detail])).toEqual([
      ['Pembayaran dikonfirmasi', `admin@aipos.test · ${rupiah('6.000.123')}`],
      ['Pesanan dibatalkan', 'admin@aipos.test · Barang tidak dapat dikirim · Perlu refund'],
    ]);
    expect(await productStock(s.t.database.db, 3)).toEqual(before);
    const listed = (await s.call('GET', `/orders?q=${created.kodePesanan}`)).json();
    expect(listed.items[0]).toMatchObject({ status: 'dibatalkan', perlu_refund: true });
    const audit = (await s.call('GET', `/orders/${created.id}/audit`)).json().items;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['order_cancelled', 'order_payment_confirmed']);
  });

  it('refuses to cancel a cancelled or expired order with 409, and a short reason with 400', async () => {
    const created = await s.order(merchantId, [{ productId: 1, quantity: 1 }]);
    expectRefusal(await s.call('POST', `/orders/${created.id}/cancel`, { alasan: 'ab' }), 400, {
      code: 'VALIDATION_ERROR',
      message: 'Alasan minimal 3 karakter',
      field: 'alasan',
    });
    expect((await s.call('POST', `/orders/${created.id}/cancel`, { alasan: 'Dobel pesanan' })).statusCode).toBe(200);
    const held = await productStock(s.t.database.db, 1);
    expectRefusal(await s.call('POST', `/orders/${created.id}/cancel`, { alasan: 'Dobel pesanan' }), 409, conflict('Dibatalkan'));
    expectRefusal(
      await s.call('POST', `/orders/${created.id}/payment`, { jumlah: 350_123, tanggal: '2026-03-10' }),
      409,
      conflict('Dibatalkan'),
    );
    expect(await productStock(s.t.database.db, 1)).toEqual(held);

    const expired = await s.order(merchantId, [{ productId: 1, quantity: 1 }]);
    await s.t.database.db.update(orders).set({ status: 'kedaluwarsa', expiredAt: s.clock.now() }).where(eq(orders.id, expired.id));
    expectRefusal(await s.call('POST', `/orders/${expired.id}/cancel`, { alasan: 'Terlambat' }), 409, conflict('Kedaluwarsa'));
  });

  it('labels every audited change of an order in its timeline, oldest first', async () => {
    const created = await s.order(merchantId, [{ productId: 1, quantity: 1 }]);
    const db = s.t.database.db;
    const base = new Date(NOW).getTime();
    const row = (action: string, diff: object, minutes: number) => ({
      actorId: null,
      action,
      targetTable: 'orders',
      targetId: created.id,
      diff,
      createdAt: new Date(base + minutes * MINUTE),
    });
    // Written out of order: the timeline sorts them.
    await db
      .insert(auditLogs)
      .values([
        row('order_expired', { from: 'menunggu_pembayaran', to: 'kedaluwarsa' }, 3),
        row('order_create', { metode: 'transfer', total: 350_000 }, 0),
        row('order_payment_notification', { transaction_status: 'pending', jumlah: 350_000 }, 1),
        row('order_payment_notification', { transaction_status: 'expire' }, 2),
      ]);
    const body = (await s.call('GET', `/orders/${created.id}`)).json();
    expect(body.timeline).toEqual([
      { at: new Date(base).toISOString(), label: 'Pesanan dibuat', detail: `Transfer Bank · ${rupiah('350.000')}` },
      { at: new Date(base + MINUTE).toISOString(), label: 'Notifikasi Midtrans: pending', detail: rupiah('350.000') },
      { at: new Date(base + 2 * MINUTE).toISOString(), label: 'Notifikasi Midtrans: expire', detail: null },
      { at: new Date(base + 3 * MINUTE).toISOString(), label: 'Pesanan kedaluwarsa', detail: null },
    ]);
  });
});
