import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateWib } from '../../../domain/format';
import { PRIVACY_NOTICE_VERSION } from '../../../domain/registration';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * The privacy notice the registration consent points to (UU PDP No. 27/2022). The consent is stored with
 * PRIVACY_NOTICE_VERSION: a change to what this page promises needs a new version.
 */
export function PrivacyPage() {
  usePageTitle('Kebijakan Privasi');
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Kebijakan Privasi</h1>
      <p className="mt-2 text-sm text-slate-500">
        Versi {PRIVACY_NOTICE_VERSION}, berlaku sejak {formatDateWib(`${PRIVACY_NOTICE_VERSION}T00:00:00+07:00`)}
      </p>
      <p className="mt-6 text-slate-700">
        AIPOS menyediakan perangkat pembayaran dan pendaftaran merchant. Saat Anda mendaftar sebagai merchant, kami memproses data pribadi
        Anda sebagai pengendali data pribadi menurut Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi (UU PDP). Halaman
        ini menjelaskan data apa yang kami kumpulkan, untuk apa, berapa lama disimpan, dan hak Anda atas data tersebut.
      </p>

      <Section title="1. Data yang kami kumpulkan">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Data usaha: nama toko, kategori usaha, alamat usaha, status tempat usaha, perkiraan omset per bulan, foto usaha dan foto produk.
          </li>
          <li>Identitas pemilik: nama lengkap, NIK, nomor HP, alamat email, alamat sesuai KTP.</li>
          <li>Dokumen: foto KTP, foto selfie dengan KTP, Kartu Keluarga, serta NPWP dan SIUP/NIB bila Anda mengunggahnya.</li>
          <li>Data rekening bank: nama bank, nomor rekening, nama pemilik rekening.</li>
          <li>Catatan teknis: waktu pendaftaran, waktu persetujuan Anda, dan versi kebijakan privasi yang Anda setujui.</li>
        </ul>
        <p>
          NIK, dokumen identitas dan data rekening termasuk data yang kami perlakukan dengan perlindungan tambahan; data rekening adalah
          data keuangan pribadi yang oleh UU PDP digolongkan sebagai data pribadi yang bersifat spesifik.
        </p>
      </Section>

      <Section title="2. Tujuan dan dasar pemrosesan">
        <ul className="list-disc space-y-1 pl-5">
          <li>Memverifikasi identitas pemilik dan keberadaan usaha sebelum pendaftaran disetujui.</li>
          <li>Mencegah penipuan dan penyalahgunaan layanan pembayaran.</li>
          <li>Menghubungi Anda tentang status pendaftaran dan aktivasi, termasuk panggilan video aktivasi.</li>
          <li>Mendaftarkan rekening Anda untuk pencairan dana dan mengaktifkan layanan pembayaran AIPOS.</li>
          <li>Memenuhi kewajiban hukum yang berlaku bagi penyedia layanan pembayaran.</li>
        </ul>
        <p>
          Dasar pemrosesannya adalah persetujuan yang Anda berikan di langkah Konfirmasi formulir pendaftaran, pelaksanaan perjanjian
          merchant yang Anda minta, dan kewajiban hukum kami. Kami tidak menjual data Anda dan tidak memakainya untuk iklan.
        </p>
      </Section>

      <Section title="3. Penyimpanan dan keamanan">
        <p>
          Dokumen disimpan secara privat: tidak ada tautan publik ke dokumen Anda, dan hanya petugas verifikasi AIPOS yang berwenang dapat
          membukanya. Foto diproses ulang saat diunggah sehingga metadata seperti lokasi GPS kamera tidak ikut tersimpan. Setiap perubahan
          data oleh petugas dicatat dalam log audit.
        </p>
        <p>
          Bila terjadi kegagalan pelindungan data pribadi, kami memberi tahu Anda secara tertulis paling lambat 3 × 24 jam sesuai UU PDP.
        </p>
      </Section>

      <Section title="4. Berapa lama data disimpan">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Selama Anda menjadi merchant AIPOS, dan 5 tahun setelah hubungan berakhir sesuai kewajiban penyimpanan di sektor keuangan.
          </li>
          <li>Bila pendaftaran ditolak atau dibatalkan: paling lambat 1 tahun setelah keputusan, lalu dihapus.</li>
          <li>
            Bila pendaftaran tidak dilanjutkan (misalnya perbaikan data yang diminta tidak dikirim): 1 tahun setelah perubahan terakhir,
            lalu dihapus.
          </li>
          <li>File yang diunggah tetapi tidak jadi dikirim bersama pendaftaran dihapus otomatis dalam 24 jam.</li>
        </ul>
      </Section>

      <Section title="5. Pihak yang menerima data">
        <p>
          Data dibagikan hanya sejauh diperlukan untuk tujuan di atas: kepada bank dan jaringan pembayaran untuk pendaftaran rekening dan
          aktivasi layanan, kepada penyedia layanan yang bekerja atas perintah kami dengan perjanjian pelindungan data, dan kepada instansi
          berwenang bila diwajibkan oleh hukum.
        </p>
      </Section>

      <Section title="6. Hak Anda sebagai subjek data pribadi">
        <p>Menurut UU PDP, Anda berhak untuk:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>mendapatkan informasi tentang identitas kami, tujuan, dan dasar pemrosesan data Anda;</li>
          <li>mengakses dan memperoleh salinan data pribadi Anda;</li>
          <li>melengkapi, memperbarui, dan memperbaiki data yang tidak akurat;</li>
          <li>mengakhiri pemrosesan, meminta penghapusan, atau memusnahkan data Anda sesuai ketentuan hukum;</li>
          <li>menarik kembali persetujuan yang telah Anda berikan;</li>
          <li>menunda atau membatasi pemrosesan;</li>
          <li>mengajukan keberatan atas keputusan yang hanya didasarkan pada pemrosesan otomatis;</li>
          <li>mendapatkan dan menggunakan data Anda dalam bentuk yang dapat dibaca sistem elektronik;</li>
          <li>menggugat dan menerima ganti rugi atas pelanggaran pemrosesan data pribadi Anda.</li>
        </ul>
        <p>
          Penarikan persetujuan tidak memengaruhi pemrosesan yang sudah dilakukan sebelumnya, tetapi tanpa data tersebut pendaftaran tidak
          dapat kami proses. Kami menanggapi permintaan Anda dalam batas waktu yang ditetapkan UU PDP, untuk sebagian besar permintaan
          paling lambat 3 × 24 jam.
        </p>
      </Section>

      <Section title="7. Kontak">
        <p>Untuk pertanyaan atau permintaan terkait data pribadi Anda, hubungi kami dengan menyebutkan kode pendaftaran Anda:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Email:{' '}
            <a className="font-medium text-brand-700 underline" href="mailto:support@aipos.co.id?subject=Data%20Pribadi">
              support@aipos.co.id
            </a>{' '}
            (subjek: Data Pribadi)
          </li>
          <li>Telepon: +62 21 5000 1234</li>
          <li>Alamat: Jakarta, Indonesia</li>
        </ul>
        <p>
          Anda dapat memeriksa status pendaftaran kapan saja di halaman{' '}
          <Link className="font-medium text-brand-700 underline" to="/status">
            Cek Status
          </Link>
          .
        </p>
      </Section>
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}
