/** The device screens' own texts. */
export const DEVICE_TEXTS = {
  listLoadFailed: 'Gagal memuat data perangkat',
  emptyDevices: 'Belum ada perangkat',
  noMatch: 'Tidak ada perangkat yang cocok dengan pencarian ini',
  historyLoadFailed: 'Riwayat perangkat tidak dapat dimuat. Coba lagi nanti.',
} as const;
