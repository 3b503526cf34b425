import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fulfilmentSuite } from '../../../tests/support/fulfilment-kit.js';
import { adminSaveBody } from '../../../tests/support/merchant-fixtures.js';
import { productStock } from '../../../tests/support/order-fixtures.js';
import { orderBody, placeOrder } from '../../../tests/support/order-requests.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { merchantAccountNumber, merchantNik } from '../db/merchant-columns.js';
import { executeRows } from '../db/query-rows.js';
import { merchants, orders, products, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { messageText } from '../mail/outbox.js';
import { PURGE_COLUMNS, purgeMerchants } from '../privacy/retention.js';

const conflict = (label: string) => ({
  code: 'ORDER_STATUS_CONFLICT',
  message: `Tindakan ini tidak dapat dilakukan pada pesanan berstatus ${label}.`,
});
const NOT_VERIFIED = { code: 'MERCHANT_NOT_VERIFIED', message: 'Pesanan hanya dapat dikirim ke merchant yang sudah terverifikasi.' };
const NOT_FOUND = { code: 'ORDER_NOT_FOUND', message: 'Pesanan tidak ditemukan' };

describe('payment and the merchant verification', () => {
  const s = fulfilmentSuite();

  it('pays an order of a verified merchant straight to siap_dikemas, with ready_at and an order.paid event', async () => {
    const merchant = await s.merchant('verified');
    const { order } = await s.order(merchant.id);
    const response = await s.pay(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'siap_dikemas', paid_at: s.clock.now().toISOString() });
    expect(await s.row(order.id)).toMatchObject({ status: 'siap_dikemas', readyAt: s.clock.now() });
    const [audit] = await s.auditOf(order.id);
    expect(audit!.diff).toMatchObject({ from: 'menunggu_pembayaran', to: 'siap_dikemas' });
    const paid = (await s.webhooks('order.paid')).find((event) => event.data.kode_pesanan === order.kodePesanan);
    expect(paid!.data).toEqual({
      kode_pesanan: order.kodePesanan,
      kode_pendaftaran: merchant.kodePendaftaran,
      nama_toko: merchant.namaToko,
      status: 'siap_dikemas',
      items: [{ sku: 'SBX-STD', name: 'Soundbox', quantity: 2, price: 350_000 }],
      total: 700_000,
      created_at: order.createdAt.toISOString(),
      paid_at: s.clock.now().toISOString(),
      invoice_number: expect.stringMatching(/^INV\/2026\/05\/\d{5}$/),
    });
  });

  it('pays an order of a merchant in review to menunggu_verifikasi, and the verification moves it to siap_dikemas', async () => {
    const merchant = await s.merchant('processing');
    const { order } = await s.order(merchant.id);
    const untouched = await s.order(merchant.id);
    expect((await s.pay(order.id)).json()).toMatchObject({ status: 'menunggu_verifikasi' });
    expect((await s.row(order.id)).readyAt).toBeNull();

    const verified = await s.setStatus(merchant.id, 'verified', 'Dokumen lengkap');
    expect(verified.statusCode).toBe(200);
    expect(await s.row(order.id)).toMatchObject({ status: 'siap_dikemas', readyAt: s.clock.now() });
    // An unpaid order stays unpaid.
    expect((await s.row(untouched.order.id)).status).toBe('menunggu_pembayaran');
    const audit = await s.auditOf(order.id);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['order_payment_confirmed', s.session.admin.userId],
      ['order_ready', s.session.admin.userId],
    ]);
    expect(audit[1]!.diff).toMatchObject({ kode_pesanan: order.kodePesanan, from: 'menunggu_verifikasi', to: 'siap_dikemas' });
    expect(s.events).toContainEqual({ kind: 'order_changed', merchant_id: merchant.id, order_id: order.id });
    // The admin's order history names the move.
    const detail = (await s.admin('GET', `/orders/${order.id}`)).json();
    expect(detail.timeline.map((entry: { label: string }) => entry.label)).toEqual(['Pembayaran dikonfirmasi', 'Siap dikemas']);

    const changed = (await s.webhooks('merchant.status_changed')).filter(
      (event) => event.data.kode_pendaftaran === merchant.kodePendaftaran,
    );
    expect(changed.map((event) => event.data)).toEqual([
      {
        kode_pendaftaran: merchant.kodePendaftaran,
        nama_toko: merchant.namaToko,
        status_sebelumnya: 'processing',
        status: 'verified',
        changed_at: s.clock.now().toISOString(),
      },
    ]);
  });

  it('moves ready orders back to menunggu_verifikasi when the merchant leaves verified (profile form too)', async () => {
    const merchant = await s.merchant('verified');
    const { order } = await s.order(merchant.id);
    await s.pay(order.id);
    expect((await s.setStatus(merchant.id, 'processing', 'Periksa ulang')).statusCode).toBe(200);
    expect(await s.row(order.id)).toMatchObject({ status: 'menunggu_verifikasi', readyAt: null });
    expect((await s.auditOf(order.id)).at(-1)).toMatchObject({
      action: 'order_awaiting_verification',
      diff: expect.objectContaining({ to: 'menunggu_verifikasi' }),
    });

    // Back to verified through the profile form: the same move, in the same transaction.
    const detail = (await s.admin('GET', `/merchants/${merchant.id}`)).json();
    const put = await s.t.app.inject({
      method: 'PUT',
      url: `/api/admin/merchants/${merchant.id}`,
      headers: { cookie: s.session.admin.cookie },
      payload: adminSaveBody(detail, { status: 'verified' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await s.row(order.id)).status).toBe('siap_dikemas');
  });

  /** The unshipped orders are cancelled for `reason`, audited and announced; the paid ones are marked for refund. */
  const expectCancelledUnshipped = async (stages: Awaited<ReturnType<typeof s.ordersAtEveryStage>>, reason: string) => {
    for (const [o, refund] of [
      [stages.unpaid, false],
      [stages.ready, true],
      [stages.packed, true],
    ] as const) {
      expect(await s.row(o.order.id)).toMatchObject({
        status: 'dibatalkan',
        perluRefund: refund,
        cancelReason: reason,
        cancelledAt: s.clock.now(),
      });
      expect((await s.auditOf(o.order.id)).at(-1)).toMatchObject({ action: 'order_cancelled', actorId: s.session.admin.userId });
      expect(s.events).toContainEqual({ kind: 'order_changed', merchant_id: stages.merchant.id, order_id: o.order.id });
    }
  };

  it('cancels every unshipped order of a rejected merchant: refunds for the paid ones, units and serials released', async () => {
    const before = await productStock(s.db(), 1);
    const stages = await s.ordersAtEveryStage();
    const { merchant, packed, shipped, packedUnits } = stages;
    expect(await productStock(s.db(), 1)).toEqual({ stock: before.stock - 2, held: before.held + 6, available: before.available - 8 });

    expect((await s.setStatus(merchant.id, 'rejected', 'Usaha fiktif')).statusCode).toBe(200);
    await expectCancelledUnshipped(stages, 'Pendaftaran merchant ditolak');
    // A shipped order has left: it stays as it is.
    expect((await s.row(shipped.order.id)).status).toBe('dikirim');
    // Every held unit of the cancelled orders is back; the shipped ones left the warehouse.
    expect(await productStock(s.db(), 1)).toEqual({ stock: before.stock - 2, held: before.held, available: before.available - 2 });
    expect(await s.devicesOf(packed.order.id)).toEqual([]);
    expect(await s.mailsOf(merchant.id, 'order_closed')).toHaveLength(3);

    // The serials of the cancelled pack are free again.
    const other = await s.merchant('verified');
    const again = await s.order(other.id);
    await s.pay(again.order.id);
    expect((await s.pack(again.order.id, packedUnits)).statusCode).toBe(200);
  });

  it('cancels every unshipped order of a deleted merchant like a rejected one’s: refunds for the paid ones, mails, units back', async () => {
    const before = await productStock(s.db(), 1);
    const stages = await s.ordersAtEveryStage();
    const { merchant, packed, shipped } = stages;

    expect((await s.admin('DELETE', `/merchants/${merchant.id}`)).statusCode).toBe(204);
    await expectCancelledUnshipped(stages, 'Pendaftaran merchant dihapus');
    expect((await s.row(shipped.order.id)).status).toBe('dikirim');
    expect(await s.devicesOf(packed.order.id)).toEqual([]);
    expect(await productStock(s.db(), 1)).toEqual({ stock: before.stock - 2, held: before.held, available: before.available - 2 });
    expect(await s.mailsOf(merchant.id, 'order_closed')).toHaveLength(3);
    // Nothing of it can be shipped any more.
    expectRefusal(await s.ship(packed.order.id), 409, conflict('Dibatalkan'));
  });

  it('ships nothing to a merchant whose row is deleted or purged, whatever status it kept', async () => {
    const merchant = await s.merchant('verified');
    const { order } = await s.order(merchant.id, [{ productId: 1, quantity: 1 }]);
    await s.pay(order.id);
    expect((await s.pack(order.id)).statusCode).toBe(200);
    // Written straight to the row, as a deletion or a purge made before orders were cancelled with it left them.
    await s.db().update(merchants).set({ isDeleted: true }).where(eq(merchants.id, merchant.id));
    expectRefusal(await s.ship(order.id), 409, NOT_VERIFIED);
    await s.db().update(merchants).set({ isDeleted: false, purgedAt: s.clock.now() }).where(eq(merchants.id, merchant.id));
    expectRefusal(await s.ship(order.id), 409, NOT_VERIFIED);
    expect((await s.row(order.id)).status).toBe('dikemas');
    await s.db().update(merchants).set({ purgedAt: null }).where(eq(merchants.id, merchant.id));
    expect((await s.ship(order.id)).statusCode).toBe(200);
  });

  it('cancels the open orders of a purged registration without mail, and refuses to verify it afterwards', async () => {
    const merchant = await s.merchant('processing');
    const unpaid = await s.order(merchant.id);
    const waiting = await s.order(merchant.id);
    expect((await s.pay(waiting.order.id)).statusCode).toBe(200);
    expect((await s.row(waiting.order.id)).status).toBe('menunggu_verifikasi');
    const mailsBefore = (await s.mailsOf(merchant.id, 'order_closed')).length;
    // The retention job's purge of a registration left waiting (the applicant's erasure runs the same purge).
    await s.db().transaction(async (tx) => {
      const rows = await tx.select(PURGE_COLUMNS).from(merchants).where(eq(merchants.id, merchant.id)).for('update');
      await purgeMerchants(tx, rows, s.clock.now(), 'abandoned');
    });
    expect(await s.row(unpaid.order.id)).toMatchObject({
      status: 'dibatalkan',
      perluRefund: false,
      cancelReason: 'Data pendaftaran merchant dihapus permanen',
    });
    expect(await s.row(waiting.order.id)).toMatchObject({
      status: 'dibatalkan',
      perluRefund: true,
      cancelReason: 'Data pendaftaran merchant dihapus permanen',
    });
    expect((await s.auditOf(waiting.order.id)).at(-1)).toMatchObject({ action: 'order_cancelled', actorId: null });
    // The purge removed the address: no mail is queued to it.
    expect(mailsBefore).toBe(0);
    expect(await s.mailsOf(merchant.id, 'order_closed')).toEqual([]);

    const purged = {
      code: 'MERCHANT_PURGED',
      message: 'Data pribadi merchant ini sudah dihapus permanen: status dan profilnya tidak dapat diubah lagi.',
    };
    expectRefusal(await s.setStatus(merchant.id, 'verified'), 409, purged);
    const [row] = await s.db().select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row).toMatchObject({ status: 'processing', purgedAt: s.clock.now() });
  });
});

describe('Kemas, Kirim, Diterima', () => {
  const s = fulfilmentSuite();

  const readyOrder = async (items?: { productId: number; quantity: number }[]) => {
    const merchant = await s.merchant('verified');
    const created = await s.order(merchant.id, items);
    expect((await s.pay(created.order.id)).statusCode).toBe(200);
    return { merchant, ...created };
  };

  it('packs with one serial per unit: devices allocated, serials upper-cased, audit row, event, no mail', async () => {
    const { merchant, order } = await readyOrder([
      { productId: 1, quantity: 2 },
      { productId: 2, quantity: 1 },
    ]);
    const response = await s.pack(order.id, [
      { product_id: 2, nomor_seri: ' d210-aa-0001 ' },
      { product_id: 1, nomor_seri: 'sbx-0000001' },
      { product_id: 1, nomor_seri: 'SBX-0000002' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'dikemas' });
    expect(
      body.devices.map((d: { nomor_seri: string; product_id: number; status: string }) => [d.product_id, d.nomor_seri, d.status]),
    ).toEqual([
      [1, 'SBX-0000001', 'dialokasikan'],
      [1, 'SBX-0000002', 'dialokasikan'],
      [2, 'D210-AA-0001', 'dialokasikan'],
    ]);
    const stored = await s.devicesOf(order.id);
    expect(stored.map((d) => [d.nomorSeri, d.merchantId, d.status])).toEqual([
      ['D210-AA-0001', merchant.id, 'dialokasikan'],
      ['SBX-0000001', merchant.id, 'dialokasikan'],
      ['SBX-0000002', merchant.id, 'dialokasikan'],
    ]);
    expect(await s.deviceEventsOf(stored[0]!.id)).toMatchObject([{ status: 'dialokasikan', actorId: s.session.admin.userId }]);
    expect(await s.row(order.id)).toMatchObject({ status: 'dikemas', packedAt: s.clock.now() });
    expect((await s.auditOf(order.id)).at(-1)).toMatchObject({
      action: 'order_packed',
      diff: expect.objectContaining({ from: 'siap_dikemas', to: 'dikemas', nomor_seri: ['D210-AA-0001', 'SBX-0000001', 'SBX-0000002'] }),
    });
    expect(s.events).toContainEqual({ kind: 'order_changed', merchant_id: merchant.id, order_id: order.id });
    expect(body.timeline.at(-1)).toEqual({ at: expect.any(String), label: 'Pesanan dikemas', detail: 'admin@aipos.test · 3 nomor seri' });
  });

  it('refuses units that are not exactly the ordered ones (400), a serial twice (400), a bad serial (400)', async () => {
    const { order } = await readyOrder([{ productId: 1, quantity: 2 }]);
    const mismatch = {
      code: 'UNITS_MISMATCH',
      message: 'Jumlah nomor seri per produk harus sama dengan jumlah unit yang dipesan.',
      field: 'units',
    };
    // Too few, another product's, too many (product ids of the units).
    for (const productIds of [[1], [1, 2], [1, 1, 1]]) {
      const units = productIds.map((productId) => ({ product_id: productId, nomor_seri: s.serial() }));
      expectRefusal(await s.pack(order.id, units), 400, mismatch);
    }
    expectRefusal(
      await s.pack(order.id, [
        { product_id: 1, nomor_seri: 'SN-REPEAT-1' },
        { product_id: 1, nomor_seri: 'sn-repeat-1' },
      ]),
      400,
      { code: 'SERIAL_REPEATED', message: 'Nomor seri SN-REPEAT-1 dimasukkan lebih dari sekali.', field: 'units.1.nomor_seri' },
    );
    const bad = await s.pack(order.id, [
      { product_id: 1, nomor_seri: 'AB 12' },
      { product_id: 1, nomor_seri: s.serial() },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Nomor seri 6-30 karakter: huruf, angka, atau tanda hubung (-).');
    expect((await s.row(order.id)).status).toBe('siap_dikemas');
    expect(await s.devicesOf(order.id)).toEqual([]);
  });

  it('refuses a serial already used on any order with 409 naming that order, and stores none of the pack', async () => {
    const first = await readyOrder([{ productId: 1, quantity: 1 }]);
    expect((await s.pack(first.order.id, [{ product_id: 1, nomor_seri: 'SBX-DUP-0001' }])).statusCode).toBe(200);
    const second = await readyOrder([{ productId: 1, quantity: 2 }]);
    const fresh = s.serial();
    expectRefusal(
      await s.pack(second.order.id, [
        { product_id: 1, nomor_seri: fresh },
        { product_id: 1, nomor_seri: 'sbx-dup-0001' },
      ]),
      409,
      {
        code: 'SERIAL_TAKEN',
        message: `Nomor seri SBX-DUP-0001 sudah terdaftar pada pesanan ${first.order.kodePesanan}`,
        field: 'units.1.nomor_seri',
      },
    );
    expect(await s.devicesOf(second.order.id)).toEqual([]);
    expect((await s.row(second.order.id)).status).toBe('siap_dikemas');
    // The fresh serial of the refused pack was not kept either.
    const third = await readyOrder([{ productId: 1, quantity: 1 }]);
    expect((await s.pack(third.order.id, [{ product_id: 1, nomor_seri: fresh }])).statusCode).toBe(200);
  });

  it('gives one serial to one of two packs sent at the same time', async () => {
    const a = await readyOrder([{ productId: 1, quantity: 1 }]);
    const b = await readyOrder([{ productId: 1, quantity: 1 }]);
    const units = [{ product_id: 1, nomor_seri: 'SBX-RACE-0001' }];
    const answers = await Promise.all([s.pack(a.order.id, units), s.pack(b.order.id, units)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    const winner = answers[0]!.statusCode === 200 ? a : b;
    expect(loser.json().error.message).toBe(`Nomor seri SBX-RACE-0001 sudah terdaftar pada pesanan ${winner.order.kodePesanan}`);
  });

  it('ships a packed order: courier and resi, devices dikirim, stock and held drop together, mail with tracking, webhook', async () => {
    const { merchant, order } = await readyOrder([{ productId: 3, quantity: 2 }]);
    expect((await s.pack(order.id)).statusCode).toBe(200);
    const before = await productStock(s.db(), 3);
    s.clock.advance(60_000);
    const response = await s.ship(order.id, { kurir: 'jne', no_resi: 'cgk0012345678' });
    expect(response.statusCode, response.body).toBe(200);
    const shippedAt = s.clock.now().toISOString();
    expect(response.json()).toMatchObject({
      status: 'dikirim',
      pengiriman_paket: {
        kurir: 'jne',
        kurir_label: 'JNE',
        no_resi: 'CGK0012345678',
        tracking_url: 'https://www.jne.co.id/tracking-package?awb=CGK0012345678',
        shipped_at: shippedAt,
      },
    });
    expect(await productStock(s.db(), 3)).toEqual({ stock: before.stock - 2, held: before.held - 2, available: before.available });
    expect((await s.devicesOf(order.id)).map((d) => d.status)).toEqual(['dikirim', 'dikirim']);
    const device = (await s.devicesOf(order.id))[0]!;
    expect((await s.deviceEventsOf(device.id)).map((e) => e.status)).toEqual(['dialokasikan', 'dikirim']);
    expect((await s.auditOf(order.id)).at(-1)).toMatchObject({
      action: 'order_shipped',
      diff: expect.objectContaining({ kurir: 'jne', no_resi: 'CGK0012345678' }),
    });
    const [mail] = await s.mailsOf(merchant.id, 'order_shipped');
    expect(mail!.subject).toBe(`Pesanan ${order.kodePesanan} dikirim`);
    expect(messageText(mail!)).toContain('Kurir: JNE');
    expect(messageText(mail!)).toContain('Nomor resi: CGK0012345678');
    expect(messageText(mail!)).toContain('https://www.jne.co.id/tracking-package?awb=CGK0012345678');
    const shipped = (await s.webhooks('order.shipped')).find((event) => event.data.kode_pesanan === order.kodePesanan)!;
    expect(shipped.data).toMatchObject({
      status: 'dikirim',
      kurir: 'jne',
      kurir_label: 'JNE',
      no_resi: 'CGK0012345678',
      tracking_url: 'https://www.jne.co.id/tracking-package?awb=CGK0012345678',
      shipped_at: shippedAt,
    });
    // Nothing personal travels in a webhook.
    const body = JSON.stringify(shipped);
    for (const secret of [merchantNik(merchant), merchantAccountNumber(merchant), merchant.noHp, merchant.alamatJalan, merchant.email])
      expect(body).not.toContain(secret);
  });

  it('refuses to ship more units than the warehouse counts (409), changing nothing, instead of counting stock at zero', async () => {
    const { order } = await readyOrder([{ productId: 3, quantity: 2 }]);
    expect((await s.pack(order.id)).statusCode).toBe(200);
    const counted = await productStock(s.db(), 3);
    // A count corrected by hand below this order's units (held is kept within stock by its check).
    await s.db().update(products).set({ stock: 1, held: 1 }).where(eq(products.id, 3));
    expectRefusal(await s.ship(order.id), 409, {
      code: 'STOCK_SHORT',
      message:
        'Stok EDC Android PAX A920 Pro di gudang tinggal 1 unit, kurang dari 2 unit yang akan dikirim. Periksa stok produk sebelum mengirim.',
    });
    expect(await productStock(s.db(), 3)).toEqual({ stock: 1, held: 1, available: 0 });
    expect(await s.row(order.id)).toMatchObject({ status: 'dikemas', shippedAt: null, noResi: null });
    expect((await s.devicesOf(order.id)).map((d) => d.status)).toEqual(['dialokasikan', 'dialokasikan']);
    expect((await s.auditOf(order.id)).at(-1)!.action).toBe('order_packed');

    await s.db().update(products).set({ stock: counted.stock, held: counted.held }).where(eq(products.id, 3));
    expect((await s.ship(order.id)).statusCode).toBe(200);
    expect(await productStock(s.db(), 3)).toEqual({ stock: counted.stock - 2, held: counted.held - 2, available: counted.available });
  });

  it('ships with a courier without a public tracking page: no link', async () => {
    const { merchant, order } = await readyOrder([{ productId: 1, quantity: 1 }]);
    await s.pack(order.id);
    expect((await s.ship(order.id, { kurir: 'gosend', no_resi: 'GK123456' })).json().pengiriman_paket).toMatchObject({
      kurir_label: 'GoSend',
      tracking_url: null,
    });
    const [mail] = await s.mailsOf(merchant.id, 'order_shipped');
    expect(messageText(mail!)).not.toContain('Lacak paket');
  });

  it('refuses each step from a status that does not allow it with 409, and a bad courier or resi with 400', async () => {
    const { order } = await readyOrder([{ productId: 1, quantity: 1 }]);
    expectRefusal(await s.ship(order.id), 409, conflict('Siap Dikemas'));
    expectRefusal(await s.delivered(order.id), 409, conflict('Siap Dikemas'));
    await s.pack(order.id);
    expectRefusal(await s.pack(order.id), 409, conflict('Dikemas'));
    expectRefusal(await s.delivered(order.id), 409, conflict('Dikemas'));
    const badResi = await s.ship(order.id, { kurir: 'jne', no_resi: 'AB-12' });
    expect(badResi.statusCode).toBe(400);
    expect(badResi.json().error.message).toBe('Nomor resi 6-40 karakter: huruf dan angka saja.');
    expect((await s.ship(order.id, { kurir: 'dhl', no_resi: 'AB123456' })).json().error.message).toBe('Pilih kurir');
    expect((await s.ship(order.id)).statusCode).toBe(200);
    expectRefusal(await s.ship(order.id), 409, conflict('Dikirim'));
    expectRefusal(await s.pack(order.id), 409, conflict('Dikirim'));
    expect((await s.delivered(order.id)).statusCode).toBe(200);
    expectRefusal(await s.delivered(order.id), 409, conflict('Diterima'));

    const unpaid = await s.order((await s.merchant('verified')).id);
    expectRefusal(await s.pack(unpaid.order.id), 409, conflict('Menunggu Pembayaran'));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'bukan-id']) {
      expectRefusal(await s.pack(id, [{ product_id: 1, nomor_seri: 'SN-000000' }]), 404, NOT_FOUND);
      expectRefusal(await s.ship(id), 404, NOT_FOUND);
      expectRefusal(await s.delivered(id), 404, NOT_FOUND);
    }
  });

  it('ships only to a verified merchant', async () => {
    const { merchant, order } = await readyOrder([{ productId: 1, quantity: 1 }]);
    await s.pack(order.id);
    expect((await s.setStatus(merchant.id, 'processing', 'Cek ulang dokumen')).statusCode).toBe(200);
    // A packed order stays packed; shipping waits for the verification.
    expect((await s.row(order.id)).status).toBe('dikemas');
    expectRefusal(await s.ship(order.id), 409, NOT_VERIFIED);
    await s.setStatus(merchant.id, 'verified');
    expect((await s.ship(order.id)).statusCode).toBe(200);
  });

  it('marks a shipped order received by the admin: devices aktif, mail, webhook', async () => {
    const { merchant, order } = await readyOrder([{ productId: 1, quantity: 1 }]);
    await s.pack(order.id);
    await s.ship(order.id);
    const response = await s.delivered(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'diterima', delivered_at: s.clock.now().toISOString() });
    expect((await s.devicesOf(order.id)).map((d) => d.status)).toEqual(['aktif']);
    expect((await s.auditOf(order.id)).at(-1)).toMatchObject({ action: 'order_delivered', actorId: s.session.admin.userId });
    expect((await s.mailsOf(merchant.id, 'order_delivered'))[0]!.subject).toBe(`Pesanan ${order.kodePesanan} diterima`);
    expect((await s.webhooks('order.delivered')).find((e) => e.data.kode_pesanan === order.kodePesanan)!.data).toMatchObject({
      status: 'diterima',
      delivered_at: s.clock.now().toISOString(),
    });
  });

  it("lets the merchant confirm receipt with the order's token, and nobody without it", async () => {
    const { merchant, order, akses } = await readyOrder([{ productId: 1, quantity: 1 }]);
    const confirm = (token?: string) =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.kodePesanan.toLowerCase()}/diterima`,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
    expectRefusal(await confirm(), 404, NOT_FOUND);
    expectRefusal(await confirm('x'.repeat(43)), 404, NOT_FOUND);
    // Not shipped yet.
    expectRefusal(await confirm(akses), 409, conflict('Siap Dikemas'));
    await s.pack(order.id);
    await s.ship(order.id);
    const response = await confirm(akses);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      kode_pesanan: order.kodePesanan,
      status: 'diterima',
      delivered_at: s.clock.now().toISOString(),
    });
    expect(response.json().timeline.at(-1)).toEqual({ step: 'diterima', at: s.clock.now().toISOString() });
    const audit = (await s.auditOf(order.id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'order_delivered', actorId: null, diff: expect.objectContaining({ oleh: 'merchant' }) });
    const device = (await s.devicesOf(order.id))[0]!;
    expect(device.status).toBe('aktif');
    expect((await s.deviceEventsOf(device.id)).at(-1)).toMatchObject({ status: 'aktif', actorId: null });
    expect(s.events).toContainEqual({ kind: 'order_changed', merchant_id: merchant.id, order_id: order.id });
    expectRefusal(await confirm(akses), 409, conflict('Diterima'));
  });

  it('cancels a packed order as needing a refund and frees its serials; a shipped one is 409', async () => {
    const { order } = await readyOrder([{ productId: 2, quantity: 1 }]);
    const units = await s.unitsFor(order.id);
    await s.pack(order.id, units);
    const before = await productStock(s.db(), 2);
    const response = await s.admin('POST', `/orders/${order.id}/cancel`, { alasan: 'Pembeli membatalkan' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'dibatalkan', perlu_refund: true, devices: [] });
    expect(await productStock(s.db(), 2)).toEqual({ stock: before.stock, held: before.held - 1, available: before.available + 1 });
    expect(await s.devicesOf(order.id)).toEqual([]);

    const next = await readyOrder([{ productId: 2, quantity: 1 }]);
    expect((await s.pack(next.order.id, units)).statusCode).toBe(200);
    await s.ship(next.order.id);
    expectRefusal(await s.admin('POST', `/orders/${next.order.id}/cancel`, { alasan: 'Terlambat' }), 409, conflict('Dikirim'));
    await s.delivered(next.order.id);
    expectRefusal(await s.admin('POST', `/orders/${next.order.id}/cancel`, { alasan: 'Terlambat' }), 409, conflict('Diterima'));
  });

  it('cancels a paid order waiting for the verification as needing a refund', async () => {
    const merchant = await s.merchant('processing');
    const { order } = await s.order(merchant.id);
    await s.pay(order.id);
    const response = await s.admin('POST', `/orders/${order.id}/cancel`, { alasan: 'Pembeli membatalkan' });
    expect(response.json()).toMatchObject({ status: 'dibatalkan', perlu_refund: true });
  });
});

describe('the fulfilment queue', () => {
  const s = fulfilmentSuite();

  it('lists orders ready to pack and packed, oldest paid first, and nothing else', async () => {
    const verified = await s.merchant('verified', { namaToko: 'Toko Antrian', kotaKab: 'Bandung' });
    const waiting = await s.merchant('processing');
    const made = [];
    for (let i = 0; i < 4; i += 1) {
      const created = await s.order(verified.id, i === 1 ? [{ productId: 1, quantity: 3 }] : undefined);
      await s.pay(created.order.id);
      made.push(created.order);
      s.clock.advance(60_000);
    }
    const unpaid = await s.order(verified.id);
    const notVerified = await s.order(waiting.id);
    await s.pay(notVerified.order.id);
    await s.pack(made[2]!.id);
    await s.pack(made[3]!.id);
    await s.ship(made[3]!.id);
    // Paid earlier than the others although confirmed last: the queue is by payment time.
    await s.t.database.db
      .update(orders)
      .set({ paidAt: new Date('2026-05-01T00:00:00Z') })
      .where(eq(orders.id, made[1]!.id));

    const response = await s.admin('GET', '/fulfilment');
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      {
        id: made[1]!.id,
        kode_pesanan: made[1]!.kodePesanan,
        kode_pendaftaran: verified.kodePendaftaran,
        nama_toko: 'Toko Antrian',
        status: 'siap_dikemas',
        jumlah_item: 3,
        kota_kab: 'Jakarta Selatan',
        paid_at: '2026-05-01T00:00:00.000Z',
      },
      expect.objectContaining({ id: made[0]!.id, status: 'siap_dikemas', jumlah_item: 2 }),
      expect.objectContaining({ id: made[2]!.id, status: 'dikemas' }),
    ]);
    expect(JSON.stringify(response.json())).not.toContain(unpaid.order.id);
  });
});

describe('webhook events of an order and its merchant', () => {
  const s = fulfilmentSuite();

  it('records one delivery per event, in the transaction of each change, for every kind', async () => {
    const merchant = await s.merchant('processing');
    const placed = await placeOrder(s.t.app, orderBody(merchant.kodePendaftaran, [{ product_id: 2, quantity: 1 }]));
    const placedAt = s.clock.now().toISOString();
    const [row] = await s.db().select().from(orders).where(eq(orders.kodePesanan, placed.kode_pesanan));
    // A second between the steps: the deliveries are then in the order of their events.
    const steps = [
      () => s.pay(row!.id),
      () => s.setStatus(merchant.id, 'verified'),
      () => s.pack(row!.id),
      () => s.ship(row!.id, { kurir: 'pos', no_resi: 'P2605040001' }),
      () => s.delivered(row!.id),
    ];
    for (const step of steps) {
      s.clock.advance(1000);
      expect((await step()).statusCode).toBe(200);
    }

    const deliveries = await s.db().select().from(webhookDeliveries).orderBy(webhookDeliveries.createdAt);
    expect(deliveries.map((d) => [d.eventType, d.state])).toEqual([
      ['order.created', 'pending'],
      ['order.paid', 'pending'],
      ['merchant.status_changed', 'pending'],
      ['order.shipped', 'pending'],
      ['order.delivered', 'pending'],
    ]);
    const created = JSON.parse(deliveries[0]!.body);
    expect(created).toEqual({
      id: deliveries[0]!.eventId,
      type: 'order.created',
      created_at: placedAt,
      data: {
        kode_pesanan: placed.kode_pesanan,
        kode_pendaftaran: merchant.kodePendaftaran,
        nama_toko: merchant.namaToko,
        status: 'menunggu_pembayaran',
        items: [{ sku: 'D210-UP', name: 'D210 UnionPay', quantity: 1, price: 2_500_000 }],
        total: 2_500_000,
        created_at: placedAt,
      },
    });
    expect(JSON.parse(deliveries[3]!.body).data).toMatchObject({
      kurir: 'pos',
      no_resi: 'P2605040001',
      tracking_url: 'https://www.posindonesia.co.id/id/tracking/P2605040001',
    });
    // Never the identity number, the account, the phone or an address.
    const all = deliveries.map((d) => d.body).join('\n');
    for (const secret of [merchantNik(merchant), merchantAccountNumber(merchant), '6281234567890', 'Jl. Melati'])
      expect(all).not.toContain(secret);
  });

  it('sends nothing to an inactive endpoint or one not subscribed to the event', async () => {
    await s
      .db()
      .update(webhookEndpoints)
      .set({ events: ['order.delivered'] });
    const merchant = await s.merchant('verified');
    const { order } = await s.order(merchant.id);
    const before = (await s.db().select().from(webhookDeliveries)).length;
    await s.pay(order.id);
    expect((await s.db().select().from(webhookDeliveries)).length).toBe(before);
    await s
      .db()
      .update(webhookEndpoints)
      .set({ active: false, events: ['order.shipped'] });
    await s.pack(order.id);
    await s.ship(order.id);
    expect((await s.db().select().from(webhookDeliveries)).length).toBe(before);
  });
});

describe('migration 0020: open orders of registrations rejected, deleted or purged before their orders were cancelled with them', () => {
  const s = fulfilmentSuite();
  const MIGRATION = new URL('../../../drizzle/0020_cancel_orders_of_closed_merchants.sql', import.meta.url);

  it('cancels them as the app now does: units back, packed devices deleted, refunds marked, one audit row each; the rest stays', async () => {
    const { merchant: rejected, unpaid, ready, packed, shipped } = await s.ordersAtEveryStage();
    // Paid while in review, rejected since: where migration 0012 left such orders.
    const waitingMerchant = await s.merchant('processing');
    const waiting = await s.order(waitingMerchant.id);
    await s.pay(waiting.order.id);
    const deleted = await s.merchant('verified');
    const deletedReady = await s.order(deleted.id);
    await s.pay(deletedReady.order.id);
    const purged = await s.merchant('processing');
    const purgedUnpaid = await s.order(purged.id);
    const live = await s.merchant('verified');
    const liveReady = await s.order(live.id);
    await s.pay(liveReady.order.id);
    // The registrations closed behind the orders' back, as before the app cancelled their orders.
    await s
      .db()
      .update(merchants)
      .set({ status: 'rejected' })
      .where(inArray(merchants.id, [rejected.id, waitingMerchant.id]));
    await s.db().update(merchants).set({ isDeleted: true }).where(eq(merchants.id, deleted.id));
    await s.db().update(merchants).set({ purgedAt: s.clock.now() }).where(eq(merchants.id, purged.id));
    const before = await productStock(s.db(), 1);

    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    await s.db().transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });

    const expected: [typeof unpaid, boolean, string][] = [
      [unpaid, false, 'Pendaftaran merchant ditolak'],
      [ready, true, 'Pendaftaran merchant ditolak'],
      [packed, true, 'Pendaftaran merchant ditolak'],
      [waiting, true, 'Pendaftaran merchant ditolak'],
      [deletedReady, true, 'Pendaftaran merchant dihapus'],
      [purgedUnpaid, false, 'Data pendaftaran merchant dihapus permanen'],
    ];
    for (const [o, refund, reason] of expected) {
      expect(await s.row(o.order.id), reason).toMatchObject({
        status: 'dibatalkan',
        perluRefund: refund,
        cancelReason: reason,
        cancelledAt: expect.any(Date),
      });
      expect((await s.auditOf(o.order.id)).at(-1)).toMatchObject({
        action: 'order_cancelled',
        actorId: null,
        diff: { kode_pesanan: o.order.kodePesanan, to: 'dibatalkan', alasan: reason, perlu_refund: refund, migrasi: '0020' },
      });
    }
    expect((await s.auditOf(packed.order.id)).at(-1)!.diff).toMatchObject({ from: 'dikemas' });
    expect(await s.devicesOf(packed.order.id)).toEqual([]);
    // Shipped, and a verified merchant's: untouched.
    expect((await s.row(shipped.order.id)).status).toBe('dikirim');
    expect((await s.devicesOf(shipped.order.id)).map((d) => d.status)).toEqual(['dikirim', 'dikirim']);
    expect((await s.row(liveReady.order.id)).status).toBe('siap_dikemas');
    // Six orders of two units each gave their units back.
    expect(await productStock(s.db(), 1)).toEqual({ stock: before.stock, held: before.held - 12, available: before.available + 12 });
    // The temporary table is gone with the migration.
    expect(await executeRows(s.db(), sql`select to_regclass('closed_merchant_orders') as t`)).toEqual([{ t: null }]);
  });
});
