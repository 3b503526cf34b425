import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentSuite } from '../../../tests/support/fulfilment-kit.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { devices } from '../db/schema.js';

const DEVICE_NOT_FOUND = { code: 'DEVICE_NOT_FOUND', message: 'Perangkat tidak ditemukan' };

describe('admin devices', () => {
  const s = fulfilmentSuite();
  const made = { warung: '', toko: '', first: '', second: '', kodeFirst: '', kodeSecond: '' };

  beforeAll(async () => {
    const warung = await s.merchant('verified', { namaToko: 'Warung Perangkat' });
    const toko = await s.merchant('verified', { namaToko: 'Toko Lain' });
    made.warung = warung.id;
    made.toko = toko.id;
    const first = await s.order(warung.id, [
      { productId: 1, quantity: 2 },
      { productId: 3, quantity: 1 },
    ]);
    await s.pay(first.order.id);
    await s.pack(first.order.id, [
      { product_id: 1, nomor_seri: 'SBX-1000-01' },
      { product_id: 1, nomor_seri: 'SBX-1000-02' },
      { product_id: 3, nomor_seri: 'A920-7701' },
    ]);
    s.clock.advance(60_000);
    await s.ship(first.order.id, { kurir: 'sicepat', no_resi: '000123456789' });
    s.clock.advance(60_000);
    await s.delivered(first.order.id);
    s.clock.advance(60_000);
    const second = await s.order(toko.id, [{ productId: 1, quantity: 1 }]);
    await s.pay(second.order.id);
    await s.pack(second.order.id, [{ product_id: 1, nomor_seri: 'SBX-1000-10' }]);
    made.first = first.order.id;
    made.second = second.order.id;
    made.kodeFirst = first.order.kodePesanan;
    made.kodeSecond = second.order.kodePesanan;
  });

  const serials = (body: { items: { nomor_seri: string }[] }) => body.items.map((item) => item.nomor_seri);

  it('lists every device newest first, with product, merchant, order and status', async () => {
    const response = await s.admin('GET', '/devices');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, page_size: 20, has_more: false });
    expect(serials(body)[0]).toBe('SBX-1000-10');
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      nomor_seri: 'SBX-1000-10',
      product_id: 1,
      product_name: 'Soundbox',
      merchant_id: made.toko,
      kode_pendaftaran: expect.stringMatching(/^AIP-/),
      nama_toko: 'Toko Lain',
      order_id: made.second,
      kode_pesanan: made.kodeSecond,
      status: 'dialokasikan',
      created_at: s.clock.now().toISOString(),
      updated_at: s.clock.now().toISOString(),
    });
    expect(serials(body).slice(1).sort()).toEqual(['A920-7701', 'SBX-1000-01', 'SBX-1000-02']);
  });

  it('finds a serial exactly or by its start, in any case, the exact one first', async () => {
    expect(serials((await s.admin('GET', '/devices?q=sbx-1000-01')).json())).toEqual(['SBX-1000-01']);
    expect(serials((await s.admin('GET', '/devices?q=SBX-1000-1')).json())).toEqual(['SBX-1000-10']);
    expect(serials((await s.admin('GET', '/devices?q=sbx-1000')).json())).toEqual(['SBX-1000-01', 'SBX-1000-02', 'SBX-1000-10']);
    expect(serials((await s.admin('GET', '/devices?q=%20a920%20')).json())).toEqual(['A920-7701']);
    // Only from the start, and LIKE's wildcards are text.
    expect(serials((await s.admin('GET', '/devices?q=1000')).json())).toEqual([]);
    expect(serials((await s.admin('GET', '/devices?q=SBX%25')).json())).toEqual([]);
    expect(serials((await s.admin('GET', '/devices?q=SBX_1000')).json())).toEqual([]);
  });

  it('filters by status and by merchant', async () => {
    expect(serials((await s.admin('GET', '/devices?status=dialokasikan')).json())).toEqual(['SBX-1000-10']);
    expect(serials((await s.admin('GET', '/devices?status=aktif')).json()).sort()).toEqual(['A920-7701', 'SBX-1000-01', 'SBX-1000-02']);
    expect(serials((await s.admin('GET', `/devices?merchant_id=${made.toko}`)).json())).toEqual(['SBX-1000-10']);
    expect(serials((await s.admin('GET', `/devices?merchant_id=${made.warung}&q=SBX&status=aktif`)).json())).toEqual([
      'SBX-1000-01',
      'SBX-1000-02',
    ]);
    for (const url of [
      '/devices?status=rusak',
      '/devices?merchant_id=bukan',
      '/devices?page=0',
      '/devices?sort=old',
      `/devices?q=${'A'.repeat(31)}`,
    ]) {
      expect((await s.admin('GET', url)).statusCode, url).toBe(400);
    }
  });

  it('pages by twenty, telling whether more follow without counting', async () => {
    const order = await s.order(made.toko, [{ productId: 2, quantity: 21 }]);
    await s.pay(order.order.id);
    const units = Array.from({ length: 21 }, (_, i) => ({ product_id: 2, nomor_seri: `D210-PAGE-${String(i).padStart(2, '0')}` }));
    expect((await s.pack(order.order.id, units)).statusCode).toBe(200);
    const first = (await s.admin('GET', '/devices?q=D210-PAGE')).json();
    expect(first).toMatchObject({ page: 1, page_size: 20, has_more: true });
    expect(serials(first)).toEqual(units.slice(0, 20).map((u) => u.nomor_seri));
    const second = (await s.admin('GET', '/devices?q=D210-PAGE&page=2')).json();
    expect(second).toMatchObject({ page: 2, has_more: false });
    expect(serials(second)).toEqual(['D210-PAGE-20']);
    expect((await s.admin('GET', '/devices?page=3')).json()).toMatchObject({ items: [], has_more: false });
  });

  it("answers a device's history, oldest first, with who moved it", async () => {
    const [device] = await s.db().select().from(devices).where(eq(devices.nomorSeri, 'SBX-1000-01'));
    const response = await s.admin('GET', `/devices/${device!.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: device!.id,
      nomor_seri: 'SBX-1000-01',
      status: 'aktif',
      kode_pesanan: made.kodeFirst,
      nama_toko: 'Warung Perangkat',
    });
    const start = new Date('2026-05-04T03:00:00.000Z').getTime();
    expect(body.history).toEqual([
      { status: 'dialokasikan', at: new Date(start).toISOString(), oleh: 'admin@aipos.test' },
      { status: 'dikirim', at: new Date(start + 60_000).toISOString(), oleh: 'admin@aipos.test' },
      { status: 'aktif', at: new Date(start + 120_000).toISOString(), oleh: 'admin@aipos.test' },
    ]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'bukan-id'])
      expectRefusal(await s.admin('GET', `/devices/${id}`), 404, DEVICE_NOT_FOUND);
  });

  it('shows the devices on the admin order detail', async () => {
    const body = (await s.admin('GET', `/orders/${made.first}`)).json();
    expect(body.devices).toEqual([
      { id: expect.any(String), nomor_seri: 'SBX-1000-01', product_id: 1, status: 'aktif' },
      { id: expect.any(String), nomor_seri: 'SBX-1000-02', product_id: 1, status: 'aktif' },
      { id: expect.any(String), nomor_seri: 'A920-7701', product_id: 3, status: 'aktif' },
    ]);
  });

  it('is for signed-in admins only', async () => {
    expect((await s.t.app.inject({ method: 'GET', url: '/api/admin/devices' })).statusCode).toBe(401);
    expect((await s.t.app.inject({ method: 'GET', url: '/api/admin/fulfilment' })).statusCode).toBe(401);
  });
});
