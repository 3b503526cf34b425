import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { insertMerchant } from '../../../tests/support/order-fixtures.js';
import { MERCHANT_PHONE, orderBody, postOrder } from '../../../tests/support/order-requests.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { APPLICANT, registerMerchant, type RegisteredMerchant } from '../../../tests/support/registration-fixtures.js';
import { ORDER_MESSAGES, type ProductList } from '../../domain/orders.js';
import { MAINTENANCE_MESSAGE } from '../../domain/settings.js';
import { products } from '../db/schema.js';

const NOW = new Date('2026-12-01T03:00:00.000Z');

describe('GET /api/products', () => {
  const t = testAppPerSuite({ now: () => NOW });
  const list = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as ProductList;
  };

  it('answers the seeded catalogue in id order with what is available, and transfer only without Midtrans', async () => {
    const body = await list();
    expect(body.metode_pembayaran).toEqual(['transfer']);
    expect(
      body.products.map(({ id, sku, name, price, badge, stock_available }) => ({ id, sku, name, price, badge, stock_available })),
    ).toEqual([
      { id: 1, sku: 'SBX-STD', name: 'Soundbox', price: 350_000, badge: 'Best Seller', stock_available: 50 },
      { id: 2, sku: 'D210-UP', name: 'D210 UnionPay', price: 2_500_000, badge: 'Premium', stock_available: 20 },
      { id: 3, sku: 'A920-PRO2', name: 'EDC Android PAX A920 Pro', price: 3_000_000, badge: 'Pro Choice', stock_available: 15 },
    ]);
    expect(body.products[0]!.features).toEqual([
      'Suara notifikasi jernih',
      'Volume dapat diatur',
      'Baterai tahan lama',
      'Bluetooth stabil',
    ]);
    expect(body.products[0]!.description).toContain('Speaker notifikasi pembayaran QRIS');
  });

  it('counts the units an order holds, and hides a product that is not sold any more', async () => {
    const m = await insertMerchant(t.database.db);
    expect(
      (
        await postOrder(
          t.app,
          orderBody(m.kodePendaftaran, [
            { product_id: 1, quantity: 2 },
            { product_id: 3, quantity: 15 },
          ]),
        )
      ).statusCode,
    ).toBe(201);
    expect((await list()).products.map((p) => p.stock_available)).toEqual([48, 20, 0]);
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, 2));
    try {
      expect((await list()).products.map((p) => p.id)).toEqual([1, 3]);
    } finally {
      await t.database.db.update(products).set({ active: true }).where(eq(products.id, 2));
    }
  });
});

describe('POST /api/orders/merchant-check', () => {
  let registered: RegisteredMerchant;
  const t = testAppPerSuite({ now: () => NOW }, async (held) => {
    registered = await registerMerchant(held.app);
  });
  let ip = 0;
  /** Each check from an address of its own, so only the rate-limit test meets the limit. */
  const check = (payload: Record<string, unknown>, remoteAddress = `10.2.0.${(ip += 1)}`) =>
    t.app.inject({ method: 'POST', url: '/api/orders/merchant-check', payload, remoteAddress });
  const notFound = { code: 'REGISTRATION_NOT_FOUND', message: ORDER_MESSAGES.registrationNotFound };
  const cannotOrder = { code: 'REGISTRATION_CANNOT_ORDER', message: ORDER_MESSAGES.registrationCannotOrder };

  const expected = (kode: string) => ({
    kode_pendaftaran: kode,
    nama_toko: APPLICANT.nama_toko,
    nama_pemilik: APPLICANT.nama_pemilik,
    no_hp: '+6281234567890',
    alamat: {
      alamat_jalan: APPLICANT.alamat_jalan,
      kecamatan: APPLICANT.kecamatan,
      kota_kab: APPLICANT.kota_kab,
      provinsi: APPLICANT.provinsi,
      kode_pos: APPLICANT.kode_pos,
    },
  });

  it('with the code and the registered phone (typed any usual way): the store address for the shipping step', async () => {
    for (const noHp of [MERCHANT_PHONE, '081234567890', '+62 812 3456 7890']) {
      const response = await check({ kode_pendaftaran: registered.kode_pendaftaran.toLowerCase(), no_hp: noHp });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual(expected(registered.kode_pendaftaran));
    }
  });

  it('with the code and the receipt token the registration answered (right after registering)', async () => {
    const response = await check({ kode_pendaftaran: registered.kode_pendaftaran, receipt_token: registered.receipt_token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected(registered.kode_pendaftaran));
  });

  it('an unknown code, a wrong phone or a wrong receipt: the same 404', async () => {
    expectRefusal(await check({ kode_pendaftaran: 'AIP-ZZZZZ', no_hp: MERCHANT_PHONE }), 404, notFound);
    expectRefusal(await check({ kode_pendaftaran: registered.kode_pendaftaran, no_hp: '0813-1111-2222' }), 404, notFound);
    expectRefusal(await check({ kode_pendaftaran: registered.kode_pendaftaran, receipt_token: 'x'.repeat(43) }), 404, notFound);
  });

  it('a rejected, deleted or purged registration: 409 once the phone matched, else 404', async () => {
    for (const overrides of [{ status: 'rejected' }, { isDeleted: true }, { purgedAt: NOW }]) {
      const m = await insertMerchant(t.database.db, overrides);
      expectRefusal(await check({ kode_pendaftaran: m.kodePendaftaran, no_hp: MERCHANT_PHONE }), 409, cannotOrder);
      expectRefusal(await check({ kode_pendaftaran: m.kodePendaftaran, no_hp: '0813-1111-2222' }), 404, notFound);
    }
  });

  it('a phone that is not a mobile number: 400 with the field', async () => {
    expectRefusal(await check({ kode_pendaftaran: registered.kode_pendaftaran, no_hp: '021-555-1234' }), 400, {
      code: 'VALIDATION_ERROR',
      message: ORDER_MESSAGES.phone,
      field: 'no_hp',
    });
  });

  it('is limited per IP like the status lookup (RATE_LIMIT_LOOKUPS_PER_MINUTE)', async () => {
    for (let i = 0; i < t.config.RATE_LIMIT_LOOKUPS_PER_MINUTE; i += 1)
      expect((await check({ kode_pendaftaran: 'AIP-ZZZZZ', no_hp: MERCHANT_PHONE }, '10.2.9.9')).statusCode).toBe(404);
    expectRefusal(await check({ kode_pendaftaran: registered.kode_pendaftaran, no_hp: MERCHANT_PHONE }, '10.2.9.9'), 429, {
      code: 'RATE_LIMITED',
      message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
    });
    expect((await check({ kode_pendaftaran: registered.kode_pendaftaran, no_hp: MERCHANT_PHONE })).statusCode).toBe(200);
  });
});

describe('maintenance mode', () => {
  const t = testAppPerSuite({ now: () => NOW });
  const settings = (cookie: string, maintenance: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: {
        session_timeout_minutes: 30,
        maintenance_mode: maintenance,
        email_notifications: true,
        max_upload_mb: 3,
        auto_approve: false,
      },
    });

  it('refuses new orders with 503 while the shop and the order lookups keep answering', async () => {
    const { cookie } = await signIn(t.app);
    const m = await insertMerchant(t.database.db);
    expect((await settings(cookie, true)).statusCode).toBe(200);
    try {
      expectRefusal(await postOrder(t.app, orderBody(m.kodePendaftaran)), 503, { code: 'MAINTENANCE', message: MAINTENANCE_MESSAGE });
      expect((await t.app.inject({ method: 'GET', url: '/api/products' })).json()).toMatchObject({
        products: [{ stock_available: 50 }, {}, {}],
      });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/orders/merchant-check',
            payload: { kode_pendaftaran: m.kodePendaftaran, no_hp: MERCHANT_PHONE },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      expect((await settings(cookie, false)).statusCode).toBe(200);
    }
    expect((await postOrder(t.app, orderBody(m.kodePendaftaran))).statusCode).toBe(201);
  });
});

describe('the shop routes in the API description', () => {
  let paths: Record<string, unknown>;
  const t = testAppPerSuite();
  beforeAll(async () => {
    paths = ((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> }).paths;
  });

  it('lists every public order route', () => {
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/orders/merchant-check',
        '/api/orders',
        '/api/orders/lookup',
        '/api/orders/{kode_pesanan}',
      ]),
    );
  });
});
