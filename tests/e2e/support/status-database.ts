import { createHash } from 'node:crypto';
import pg from 'pg';

export type StatusRow = {
  kode_pendaftaran: string;
  nama_toko: string;
  status: 'processing' | 'verified' | 'rejected' | 'data_tidak_lengkap';
  nama_pemilik?: string;
  email?: string;
  no_hp?: string;
  kategori_usaha?: string;
  kota_kab?: string;
  catatan_admin?: string | null;
  submitted_at?: Date;
  receipt_token?: string;
  is_deleted?: boolean;
};

/** Writes merchants straight into the database the server under test uses (migrated by its start). */
export async function insertMerchants(databaseUrl: string, rows: StatusRow[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const row of rows) {
      await client.query(
        `insert into merchants (kode_pendaftaran, nama_toko, kategori_usaha, alamat_jalan, kecamatan, kota_kab, provinsi, kode_pos,
           nama_pemilik, nik, no_hp, email, alamat_pemilik, nama_bank, no_rekening, nama_rekening, status, catatan_admin,
           submitted_at, receipt_token_hash, is_deleted)
         values ($1, $2, $3, 'Jl. Sudirman No. 45', 'Setiabudi', $4, 'DKI Jakarta', '12920', $5, '3174015505900001', $6, $7,
           'Jl. Melati No. 5, Jakarta', 'BCA', '9876501234', 'REKENING TEST', $8, $9, $10, $11, $12)`,
        [
          row.kode_pendaftaran,
          row.nama_toko,
          row.kategori_usaha ?? 'Retail',
          row.kota_kab ?? 'Jakarta Selatan',
          row.nama_pemilik ?? 'Budi Santoso',
          row.no_hp ?? '+6281234567890',
          row.email ?? 'budi@gmail.com',
          row.status,
          row.catatan_admin ?? null,
          row.submitted_at ?? new Date('2026-11-20T07:30:00Z'),
          row.receipt_token ? createHash('sha256').update(row.receipt_token).digest('hex') : null,
          row.is_deleted ?? false,
        ],
      );
    }
  } finally {
    await client.end();
  }
}
