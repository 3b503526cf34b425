/** A valid body for POST /api/admin/merchants, with the phone and e-mail as an admin might type them. */
export const ADMIN_CREATE_BODY = {
  nama_toko: 'Toko Sinar Jaya',
  kategori_usaha: 'Retail',
  alamat_jalan: 'Jl. Merdeka No. 10',
  kecamatan: 'Gambir',
  kota_kab: 'Jakarta Pusat',
  provinsi: 'DKI Jakarta',
  kode_pos: '10110',
  nama_pemilik: 'Budi Santoso',
  nik: '3171011708900001',
  no_hp: '0812-3456-7890',
  email: 'Budi@Contoh.CO.ID',
  alamat_pemilik: 'Jl. Melati No. 5, Jakarta',
  nama_bank: 'BCA',
  no_rekening: '1234567890',
  nama_rekening: 'BUDI SANTOSO',
} as const;
