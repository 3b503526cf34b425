import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAppPerSuite } from '../../../tests/support/admin-session.js';
import { insertMerchant, insertOrder } from '../../../tests/support/order-fixtures.js';
import type { MerchantDetail } from '../../domain/merchants.js';
import { PROFILE_FIELDS } from '../db/merchant-columns.js';
import { auditLogs, devices, type MerchantRow } from '../db/schema.js';

describe('QRIS-ready merchant data', () => {
  const { t, admin } = signedInAppPerSuite();

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload === undefined ? {} : { payload }) });
  const detailOf = async (row: MerchantRow): Promise<MerchantDetail> => (await call('GET', `/api/admin/merchants/${row.id}`)).json();
  /** The profile form's body as the detail shows it (NIK and account left out: not revealed). */
  const saveBody = (detail: MerchantDetail, changes: Record<string, unknown>) => {
    const fields = Object.keys(PROFILE_FIELDS).filter((field) => field !== 'nik' && field !== 'no_rekening');
    const profile = Object.fromEntries(fields.map((field) => [field, detail[field as keyof MerchantDetail]]));
    return { ...profile, expected_updated_at: detail.updated_at, ...changes };
  };
  const exportQris = (alasan?: string) =>
    call('GET', `/api/admin/merchants/export?format=qris${alasan === undefined ? '' : `&alasan=${encodeURIComponent(alasan)}`}`);

  it('classes each merchant by its turnover × 12 at the PP 7/2021 thresholds, in the detail answer', async () => {
    const cases: [number, string][] = [
      [166_666_666, 'UMI'], // Rp1.999.999.992 a year
      [166_666_667, 'UKE'], // Rp2.000.000.004
      [1_250_000_000, 'UKE'], // exactly Rp15 miliar
      [1_250_000_001, 'UME'],
      [4_166_666_666, 'UME'], // Rp49.999.999.992
      [4_166_666_667, 'UBE'],
    ];
    for (const [omsetPerBulan, kriteria] of cases) {
      const detail = await detailOf(await insertMerchant(t.database.db, { omsetPerBulan }));
      expect(detail.kriteria_usaha, String(omsetPerBulan)).toBe(kriteria);
    }
  });

  it('derives mcc, nama_qris and kota_qris until an admin sets them', async () => {
    const detail = await detailOf(await insertMerchant(t.database.db, { namaToko: "Warung Bu Tini's & Sons", kotaKab: 'Kabupaten Bogor' }));
    expect(detail).toMatchObject({ kategori_usaha: 'Sembako', mcc: '5411', nama_qris: 'WARUNG BU TINI S SONS', kota_qris: 'BOGOR' });
    const other = await detailOf(await insertMerchant(t.database.db, { kategoriUsaha: 'Jasa Cukur' }));
    expect(other.mcc).toBeNull();
  });

  it('refuses an unknown mcc and a QRIS name with other characters, in Indonesian', async () => {
    const detail = await detailOf(await insertMerchant(t.database.db));
    const badMcc = await call('PUT', `/api/admin/merchants/${detail.id}`, saveBody(detail, { mcc: '9999' }));
    expect(badMcc.statusCode).toBe(400);
    expect(badMcc.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Pilih MCC dari daftar', field: 'mcc' } });
    const badName = await call('PUT', `/api/admin/merchants/${detail.id}`, saveBody(detail, { nama_qris: 'Warung & Co' }));
    expect(badName.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Nama QRIS 1-25 karakter, hanya huruf, angka, dan spasi', field: 'nama_qris' },
    });
    const longCity = await call('PUT', `/api/admin/merchants/${detail.id}`, saveBody(detail, { kota_qris: 'A'.repeat(16) }));
    expect(longCity.json().error).toMatchObject({ field: 'kota_qris', message: 'Kota QRIS 1-15 karakter, hanya huruf, angka, dan spasi' });
  });

  describe('export for the acquirer', () => {
    let lainnya: MerchantRow;
    let retail: MerchantRow;

    beforeAll(async () => {
      lainnya = await insertMerchant(t.database.db, { kodePendaftaran: 'AIP-QRIS1', kategoriUsaha: 'Lainnya', status: 'verified' });
      retail = await insertMerchant(t.database.db, {
        kodePendaftaran: 'AIP-QRIS2',
        kategoriUsaha: 'Retail',
        status: 'verified',
        omsetPerBulan: 4_166_666_667,
        namaToko: 'Toko Retail Besar',
        kotaKab: 'Kota Bandung',
        nik: '3273015708850002',
        noRekening: '9876543210',
      });
      // Two devices packed for the retail merchant: the export lists their serials, sorted.
      const { order } = await insertOrder(t.database.db, { merchantId: retail.id, items: [{ productId: 1, quantity: 2 }] });
      await t.database.db
        .insert(devices)
        .values(
          ['SN-QRIS-0002', 'SN-QRIS-0001'].map((nomorSeri) => ({ nomorSeri, productId: 1, merchantId: retail.id, orderId: order.id })),
        );
      await insertMerchant(t.database.db, { kodePendaftaran: 'AIP-QRIS3', kategoriUsaha: 'Lainnya', status: 'verified', isDeleted: true });
      await insertMerchant(t.database.db, { kodePendaftaran: 'AIP-QRIS4', kategoriUsaha: 'Lainnya', status: 'processing' });
    });

    it('needs the reason (400) before anything else', async () => {
      for (const alasan of [undefined, '', ' a ', 'x'.repeat(501)]) {
        const response = await exportQris(alasan);
        expect(response.statusCode, String(alasan)).toBe(400);
        expect(response.json()).toEqual({
          error: { code: 'VALIDATION_ERROR', message: 'Alasan ekspor wajib diisi (3-500 karakter)', field: 'alasan' },
        });
      }
    });

    it('is refused (403) to an admin without a second factor', async () => {
      const response = await exportQris('Pengajuan NMID ke acquirer');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: {
          code: 'SECOND_FACTOR_REQUIRED',
          message: 'Ekspor QRIS memuat NIK dan nomor rekening: aktifkan verifikasi dua langkah (TOTP) pada akun Anda terlebih dahulu',
        },
      });
    });

    it('after enrolment, names the verified merchants still without an MCC (409)', async () => {
      const setup = await call('POST', '/api/admin/totp/setup');
      expect(setup.statusCode).toBe(200);
      const code = TOTP.generate({ secret: Secret.fromBase32(setup.json().secret), timestamp: t.app.deps.now().getTime() });
      expect((await call('POST', '/api/admin/totp/confirm', { code })).statusCode).toBe(200);

      const response = await exportQris('Pengajuan NMID ke acquirer');
      expect(response.statusCode).toBe(409);
      // Deleted and unverified merchants do not count.
      expect(response.json()).toEqual({ error: { code: 'MCC_MISSING', message: 'MCC belum dipilih untuk: AIP-QRIS1' } });
    });

    it('stores an MCC and QRIS name chosen in the profile form, in one update audit row', async () => {
      const detail = await detailOf(lainnya);
      const response = await call(
        'PUT',
        `/api/admin/merchants/${lainnya.id}`,
        saveBody(detail, { mcc: '5812', nama_qris: 'Warung  Bu Tini' }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        mcc: '5812',
        nama_qris: 'WARUNG BU TINI',
        kota_qris: 'JAKARTA SELATAN',
        kriteria_usaha: 'UMI',
      });
      const audits = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, lainnya.id), eq(auditLogs.action, 'update')));
      expect(audits.map((row) => [row.actorId, row.diff])).toEqual([
        [admin.userId, { old: { mcc: null, nama_qris: null }, new: { mcc: '5812', nama_qris: 'WARUNG BU TINI' } }],
      ]);
    });

    it('streams the verified merchants with decrypted NIK and account, and audits count and reason', async () => {
      const response = await exportQris('  Pengajuan NMID ke acquirer  ');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="qris-merchants-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n');
      expect(lines[0]).toBe(
        'kode_pendaftaran,nama_qris,mcc,kriteria_usaha,alamat,kota_qris,kode_pos,provinsi,nama_pemilik,nik,no_hp,email,nama_bank,no_rekening,nama_rekening,nomor_seri',
      );
      expect(lines.slice(1)).toEqual([
        `AIP-QRIS1,WARUNG BU TINI,5812,UMI,"Jl. Melati No. 12, RT 03/RW 05, Tebet",JAKARTA SELATAN,12810,DKI Jakarta,Siti Rahayu,3174015503900001,'+6281234567890,siti.rahayu@example.com,BCA,1234567890,Siti Rahayu,`,
        `${retail.kodePendaftaran},TOKO RETAIL BESAR,5399,UBE,"Jl. Melati No. 12, RT 03/RW 05, Tebet",BANDUNG,12810,DKI Jakarta,Siti Rahayu,3273015708850002,'+6281234567890,siti.rahayu@example.com,BCA,9876543210,Siti Rahayu,SN-QRIS-0001;SN-QRIS-0002`,
      ]);
      await expect
        .poll(async () => {
          const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'qris_export'));
          return rows.map((row) => [row.actorId, row.targetTable, row.diff]);
        })
        .toEqual([[admin.userId, 'merchants', { count: 2, alasan: 'Pengajuan NMID ke acquirer' }]]);
    });

    it('keeps the list export without a format as it was', async () => {
      const response = await call('GET', '/api/admin/merchants/export?status=verified');
      expect(response.statusCode).toBe(200);
      expect(response.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
        'Kode Pendaftaran,Nama Toko,Kategori Usaha,Nama Pemilik,No HP,Email,Kota/Kabupaten,Provinsi,Status,Tanggal Daftar',
      );
    });
  });
});
