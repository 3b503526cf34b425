/**
 * The admin's PDF preview (pdf.js on a canvas); the Unduh button stays the way to the file itself. A module
 * of its own, not messages.ts: that one is in every public page's entry chunk, these only in the admin's.
 */
export const PDF_PREVIEW_MESSAGES = {
  loading: 'Memuat PDF…',
  unreadable: 'PDF tidak dapat dibaca sehingga tidak dapat ditampilkan. Gunakan tombol Unduh untuk memeriksa file ini.',
  locked: 'PDF ini dilindungi kata sandi sehingga tidak dapat ditampilkan. Gunakan tombol Unduh untuk membukanya.',
  viewerFailed: 'Penampil PDF gagal dimuat. Tutup pratinjau lalu coba lagi.',
  pageUnreadable: (page: number) => `Halaman ${page} tidak dapat dibaca.`,
  pageLabel: (label: string, page: number, total: number) => `Dokumen ${label} (PDF), halaman ${page} dari ${total}`,
  morePages: (shown: number, total: number) => `Tampilkan halaman berikutnya (${shown} dari ${total} ditampilkan)`,
} as const;
