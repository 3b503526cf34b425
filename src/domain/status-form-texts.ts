// The status page paints its form with these alone; the answer's texts come with the lookup's chunk
// (page budgets, decision 0043).

/** Texts of the status page's search form that the SPEC describes without quoting. */
export const STATUS_FORM_TEXTS = {
  title: 'Cek Status Pendaftaran',
  intro: 'Masukkan kode pendaftaran, atau email dan nomor HP yang Anda daftarkan.',
  modeCode: 'Kode Pendaftaran',
  modeEmailPhone: 'Email & Nomor HP',
  codeLabel: 'Kode Pendaftaran',
  codePlaceholder: 'AIP-ABC12',
  emailLabel: 'Email',
  emailPlaceholder: 'nama@email.com',
  phoneLabel: 'Nomor HP',
  phonePlaceholder: '0812-3456-7890',
  search: 'Cek Status',
  searching: 'Mencari...',
  loading: 'Memuat status pendaftaran...',
} as const;
