import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TIMELINE_STEP_LABELS, type OrderCreateResponse, type TimelineStep } from '../../src/domain/orders.js';
import { orderOverHttp } from '../support/order-requests.js';
import { LOOKUP_APPLICANT } from '../support/registration-fixtures.js';
import { merchantsSuite, nbsp, rowOf, toastWith } from './support/admin-merchants-setup.js';
import { confirmTransferThroughApi } from './support/fulfilment-setup.js';

/**
 * Fulfilment (decision 0031) from end to end: a merchant's paid order waits for its verification, then the admin packs it
 * with serials typed like a scanner, ships it with a resi, the merchant sees the timeline and confirms
 * the delivery, and the device is active in Perangkat.
 */
const suite = merchantsSuite();
const { adminPage } = suite;
let order: OrderCreateResponse;

// Serials of this run: two EDC A920 Pro and one Soundbox, as a scanner reads them (lower case included).
const tag = randomBytes(3).toString('hex').toUpperCase();
const SERIALS = [`a920-${tag}-01`, `A920-${tag}-02`, `SBX-${tag}-01`];
const SERIALS_OF: Record<number, string[]> = { 3: SERIALS.slice(0, 2), 1: SERIALS.slice(2) };
const RESI = `JNE${tag}0042`;

beforeAll(async () => {
  // Two EDC A920 Pro and one Soundbox, paid by transfer while the registration is still under review.
  order = await orderOverHttp(suite.server.baseUrl, suite.registration.kode_pendaftaran, LOOKUP_APPLICANT.no_hp, [
    { product_id: 3, quantity: 2 },
    { product_id: 1, quantity: 1 },
  ]);
});

describe('fulfilment by serial number', () => {
  it('verifies, packs by scanner, ships with a resi; the merchant confirms; the device is active', async () => {
    const admin = await adminPage();
    // Paid during the review: it waits for the verification.
    expect(await confirmTransferThroughApi(admin.context().request, order)).toBe('menunggu_verifikasi');

    // Paid but not verified: not in Pengiriman yet.
    await admin.goto('/admin/fulfilment');
    await admin.getByRole('heading', { level: 1, name: 'Pengiriman' }).waitFor();
    await admin.getByText('Tidak ada pesanan yang perlu dikemas atau dikirim').waitFor();

    // The admin verifies the merchant in a second tab; the open Pengiriman list gains the order by itself.
    const merchants = await admin.context().newPage();
    await merchants.goto(`/admin/merchants?q=${suite.registration.kode_pendaftaran}`);
    await rowOf(merchants, suite.registration.kode_pendaftaran)
      .getByRole('button', { name: `Ubah status ${suite.registration.nama_toko}` })
      .click();
    const statusDialog = merchants.getByRole('dialog', { name: 'Ubah Status Merchant' });
    await statusDialog.getByRole('combobox', { name: 'Status Baru' }).selectOption({ label: 'Sudah Terverifikasi' });
    await statusDialog.getByRole('button', { name: 'Simpan' }).click();
    await statusDialog.waitFor({ state: 'detached' });
    await merchants.close();

    const row = rowOf(admin, order.kode_pesanan);
    await row.waitFor();
    expect(nbsp(await row.innerText())).toContain('Siap Dikemas');
    expect(await row.innerText()).toContain(suite.registration.nama_toko);

    // Kemas: the first unit has the focus; a scanner types each serial and Enter, the last Enter sends.
    await row.getByRole('link', { name: order.kode_pesanan }).click();
    await admin.getByRole('heading', { level: 1, name: `Pesanan ${order.kode_pesanan}` }).waitFor();
    await admin.getByRole('button', { name: 'Kemas' }).click();
    const pack = admin.getByRole('dialog', { name: 'Kemas Pesanan' });
    // One field per unit, line by line as the order lists them.
    const units = order.items.flatMap((item) => Array.from({ length: item.quantity }, (_, index) => ({ ...item, unit: index + 1 })));
    const field = (unit: (typeof units)[number]) =>
      pack.getByRole('textbox', { name: `Nomor seri ${unit.name} — unit ${unit.unit} dari ${unit.quantity}`, exact: true });
    expect(await pack.locator('input[name="nomor_seri"]').count()).toBe(3);
    await expect.poll(() => field(units[0]!).evaluate((input) => input === document.activeElement)).toBe(true);
    for (const unit of units) {
      // Enter has moved the focus here (waited on: React commits the move after the key event): the scanner
      // types into whatever field is focused.
      await expect.poll(() => field(unit).evaluate((input) => input === document.activeElement)).toBe(true);
      await admin.keyboard.type(SERIALS_OF[unit.product_id]![unit.unit - 1]!);
      await admin.keyboard.press('Enter');
    }
    await toastWith(admin, 'Pesanan dikemas').waitFor();
    await pack.waitFor({ state: 'detached' });
    await expect.poll(() => admin.getByTestId('order-status').first().textContent()).toBe('Dikemas');
    const devices = admin.getByRole('region', { name: 'Perangkat dan Paket' });
    for (const serial of SERIALS)
      await devices.getByRole('row').filter({ hasText: serial.toUpperCase() }).getByText('Dialokasikan').waitFor();

    // Kirim: a courier and a resi.
    await admin.getByRole('button', { name: 'Kirim' }).click();
    const ship = admin.getByRole('dialog', { name: 'Kirim Pesanan' });
    await ship.getByRole('combobox', { name: 'Kurir' }).selectOption({ label: 'JNE' });
    await ship.getByRole('textbox', { name: 'Nomor resi' }).fill(RESI);
    await ship.getByRole('button', { name: 'Kirim' }).click();
    await toastWith(admin, 'Pesanan dikirim').waitFor();
    await ship.waitFor({ state: 'detached' });
    await expect.poll(() => admin.getByTestId('order-status').first().textContent()).toBe('Dikirim');
    await devices.getByText(RESI).waitFor();
    expect(await admin.getByRole('button', { name: 'Tandai Diterima' }).count()).toBe(1);

    // Shipped orders leave Pengiriman.
    await admin.goto('/admin/fulfilment');
    await admin.getByText('Tidak ada pesanan yang perlu dikemas atau dikirim').waitFor();

    // The merchant's order page: the timeline up to Dikirim, with the courier and the resi.
    const merchantContext = await suite.browser.newContext({ baseURL: suite.server.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    suite.contexts.push(merchantContext);
    const merchant = await merchantContext.newPage();
    await merchant.goto(`/pesanan/${order.kode_pesanan}?t=${order.akses}`);
    await merchant.getByRole('heading', { level: 1, name: `Pesanan ${order.kode_pesanan}` }).waitFor();
    const timeline = merchant.getByRole('list', { name: 'Perjalanan pesanan' });
    const step = (key: TimelineStep) => timeline.getByRole('listitem').filter({ hasText: new RegExp(`^${TIMELINE_STEP_LABELS[key]}`) });
    await step('dikirim').getByText(RESI).waitFor();
    expect(await step('dikirim').innerText()).toContain('JNE');
    expect(await step('dikirim').getAttribute('aria-current')).toBe('step');
    for (const reached of [
      'pendaftaran_diterima',
      'diverifikasi',
      'pesanan_dibuat',
      'dibayar',
      'menunggu_verifikasi',
      'dikemas',
    ] as const) {
      expect(await step(reached).getAttribute('data-state'), reached).toBe('done');
      expect(nbsp(await step(reached).innerText()), reached).toMatch(/\d{2}[.:]\d{2} WIB/);
    }
    expect(await step('diterima').getAttribute('data-state')).toBe('pending');

    // 'Pesanan Sudah Diterima', confirmed in its dialog.
    await merchant.getByRole('button', { name: 'Pesanan Sudah Diterima' }).click();
    await merchant.getByRole('dialog', { name: 'Konfirmasi Penerimaan' }).getByRole('button', { name: 'Ya, Sudah Diterima' }).click();
    await expect.poll(() => step('diterima').getAttribute('aria-current')).toBe('step');
    expect(await merchant.getByRole('button', { name: 'Pesanan Sudah Diterima' }).count()).toBe(0);

    // Perangkat: the serial, searched by its prefix as typed, is active.
    await admin.goto('/admin/devices');
    await admin.getByRole('heading', { level: 1, name: 'Perangkat' }).waitFor();
    // Every device of the run is listed before the search narrows it to the two A920 units.
    await rowOf(admin, SERIALS[2]!).waitFor();
    await admin.getByRole('searchbox', { name: 'Cari nomor seri' }).fill(`a920-${tag.toLowerCase()}`);
    await admin.keyboard.press('Enter');
    await admin.waitForURL(/[?&]q=a920-/);
    await expect.poll(() => rowOf(admin, SERIALS[2]!).count()).toBe(0);
    const device = rowOf(admin, SERIALS[0]!.toUpperCase());
    await device.waitFor();
    await rowOf(admin, SERIALS[1]!).waitFor();
    expect(nbsp(await device.innerText())).toContain('Aktif');
    expect(await device.getByRole('link', { name: suite.registration.nama_toko }).count()).toBe(1);
    expect(await device.getByRole('link', { name: order.kode_pesanan }).count()).toBe(1);

    // Its history: allocated, shipped, active.
    await device.getByRole('button', { name: `Riwayat ${SERIALS[0]!.toUpperCase()}` }).click();
    const history = admin.getByRole('dialog', { name: 'Riwayat Perangkat' });
    await history.getByTestId('device-history-entry').nth(2).waitFor();
    expect(await history.getByTestId('device-history-entry').allInnerTexts()).toEqual([
      expect.stringContaining('Dialokasikan'),
      expect.stringContaining('Dikirim'),
      expect.stringContaining('Aktif'),
    ]);
  });

  // Goes on from the test above: the merchant is verified, and the first order's serials are taken.
  it("refuses a serial already used in the dialog, in the server's words, then packs; the admin marks it received", async () => {
    const admin = await adminPage();
    // The merchant is verified now: a paid order goes straight to Siap Dikemas.
    const second = await orderOverHttp(suite.server.baseUrl, suite.registration.kode_pendaftaran, LOOKUP_APPLICANT.no_hp, [
      { product_id: 1, quantity: 1 },
    ]);
    expect(await confirmTransferThroughApi(admin.context().request, second)).toBe('siap_dikemas');
    await admin.goto('/admin/fulfilment');
    await rowOf(admin, second.kode_pesanan).getByRole('link', { name: second.kode_pesanan }).click();
    await admin.getByRole('heading', { level: 1, name: `Pesanan ${second.kode_pesanan}` }).waitFor();

    await admin.getByRole('button', { name: 'Kemas' }).click();
    const pack = admin.getByRole('dialog', { name: 'Kemas Pesanan' });
    const field = pack.getByRole('textbox', { name: 'Nomor seri Soundbox — unit 1 dari 1' });
    // A malformed serial is caught before sending.
    await field.fill('SB 1');
    await pack.getByRole('button', { name: 'Simpan' }).click();
    await pack.getByText('Nomor seri 6-30 karakter: huruf, angka, atau tanda hubung (-).').waitFor();
    // The first order's Soundbox serial: the server's 409, under the unit.
    await field.fill(SERIALS[2]!.toLowerCase());
    expect(await field.inputValue()).toBe(SERIALS[2]);
    await field.press('Enter');
    await pack.getByText(new RegExp(`^Nomor seri ${SERIALS[2]} sudah terdaftar pada pesanan ORD-[A-Z0-9]{8}$`)).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill(`SBX-${tag}-02`);
    await field.press('Enter');
    await toastWith(admin, 'Pesanan dikemas').waitFor();
    await expect.poll(() => admin.getByTestId('order-status').first().textContent()).toBe('Dikemas');

    // Kirim with a resi the form refuses first (a space), then the courier it asks for.
    await admin.getByRole('button', { name: 'Kirim' }).click();
    const ship = admin.getByRole('dialog', { name: 'Kirim Pesanan' });
    await ship.getByRole('textbox', { name: 'Nomor resi' }).fill('SC 12');
    await ship.getByRole('button', { name: 'Kirim' }).click();
    await ship.getByText('Nomor resi 6-40 karakter: huruf dan angka saja.').waitFor();
    expect(await ship.getByRole('combobox', { name: 'Kurir' }).getAttribute('aria-invalid')).toBe('true');
    await ship.getByRole('combobox', { name: 'Kurir' }).selectOption({ label: 'SiCepat' });
    await ship.getByRole('textbox', { name: 'Nomor resi' }).fill(`SCP${tag}77`);
    await ship.getByRole('button', { name: 'Kirim' }).click();
    await toastWith(admin, 'Pesanan dikirim').waitFor();

    // Tandai Diterima, confirmed: the order and its device are done.
    await admin.getByRole('button', { name: 'Tandai Diterima' }).click();
    await admin.getByRole('alertdialog', { name: 'Tandai Diterima' }).getByRole('button', { name: 'Tandai Diterima' }).click();
    await toastWith(admin, 'Pesanan ditandai diterima').waitFor();
    await expect.poll(() => admin.getByTestId('order-status').first().textContent()).toBe('Diterima');
    const devices = admin.getByRole('region', { name: 'Perangkat dan Paket' });
    await devices
      .getByRole('row')
      .filter({ hasText: `SBX-${tag}-02` })
      .getByText('Aktif')
      .waitFor();
    expect(await admin.getByRole('button', { name: 'Tandai Diterima' }).count()).toBe(0);
  });
});
