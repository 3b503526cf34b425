import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { fixLinkFromOutbox, requestFix } from '../../../tests/support/fix-link.js';
import { orderBody, placeOrder } from '../../../tests/support/order-requests.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { merchants, outboxMessages } from '../db/schema.js';

const HOUR = 60 * 60 * 1000;
const REASON = 'Batas 3 e-mail per jam ke alamat ini';

describe('at most 3 public receipts per address per hour (MAIL_PER_ADDRESS_PER_HOUR)', () => {
  let t: TestApp;
  let cookie: string;
  let clock = new Date('2026-12-01T03:00:00.000Z').getTime();

  beforeAll(async () => {
    // The production default, which buildTestApp otherwise lifts for suites that register many applicants.
    t = await buildTestApp({
      now: () => new Date(clock),
      env: { ...GENEROUS_LIMITS, RATE_LIMIT_ORDERS_PER_HOUR: '100000', MAIL_PER_ADDRESS_PER_HOUR: '3' },
    });
    ({ cookie } = await signIn(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = (address: string) => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, address));
  const mailsOf = (merchantId: string, kinds: string[]) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.merchantId, merchantId), inArray(outboxMessages.kind, kinds)));

  it('registrations, fix receipts and order receipts share the count; the 4th is recorded skipped with the reason; admin mails are not capped', async () => {
    const address = 'kuota@contoh.co.id';
    // Typed in other cases: the same mailbox.
    const first = await registerMerchant(t.app, { email: 'Kuota@Contoh.co.id' });
    const second = await registerMerchant(t.app, { email: address });

    // A fix receipt, the third public mail to the address.
    const status = await requestFix(t.app, cookie, first.id, [{ field: 'nama_toko', alasan: 'Periksa' }]);
    expect(status.statusCode).toBe(200);
    const { token } = await fixLinkFromOutbox(t.database.db, first.id);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/perbaikan/${token}`, payload: { fields: { nama_toko: 'Toko Kuota' } } })).statusCode,
    ).toBe(200);
    expect((await mailsOf(first.id, ['resubmission_receipt']))[0]).toMatchObject({ state: 'pending', lastError: null });

    // The fourth: the registration goes through, its receipt does not.
    const fourth = await registerMerchant(t.app, { email: address });
    const [skipped] = await mailsOf(fourth.id, ['receipt']);
    expect(skipped).toMatchObject({ kind: 'receipt', toAddress: address, state: 'skipped', lastError: REASON });
    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${fourth.id}/messages`, headers: { cookie } });
    expect(listed.json().items[0]).toMatchObject({ kind: 'receipt', state: 'skipped', last_error: REASON });

    // An order receipt to the same address is public too.
    await t.database.db.update(merchants).set({ status: 'verified' }).where(eq(merchants.id, second.id));
    await placeOrder(t.app, orderBody(second.kode_pendaftaran));
    expect((await mailsOf(second.id, ['order_receipt']))[0]).toMatchObject({ state: 'skipped', lastError: REASON });

    // What an admin decides is not a public action: the status mail still goes.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${second.id}/status`,
      headers: { cookie },
      payload: { status: 'rejected', kode_alasan: ['data_ganda'] },
    });
    expect((await mailsOf(second.id, ['status']))[0]).toMatchObject({ state: 'pending', lastError: null });

    // Another address is not touched.
    const elsewhere = await registerMerchant(t.app, { email: 'lain@contoh.co.id' });
    expect((await mailsOf(elsewhere.id, ['receipt']))[0]!.state).toBe('pending');

    const states = (await mailsTo(address))
      .filter((m) => ['receipt', 'resubmission_receipt', 'order_receipt'].includes(m.kind))
      .map((m) => m.state)
      .sort();
    expect(states).toEqual(['pending', 'pending', 'pending', 'skipped', 'skipped']);

    // An hour after the first three, the address gets receipts again.
    clock += HOUR + 1000;
    const later = await registerMerchant(t.app, { email: address });
    expect((await mailsOf(later.id, ['receipt']))[0]).toMatchObject({ state: 'pending', lastError: null });
  });
});
