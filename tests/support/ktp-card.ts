import sharp from 'sharp';
import { INDONESIAN_PROVINCES } from '../../src/domain/nik-structure.js';

/**
 * Synthetic KTP-like cards for the OCR tests and bench (bench/ktp-ocr.ts): the real card's layout and
 * fields drawn from SVG with the DejaVu fonts, for invented people only. No real KTP image is kept in the
 * repository; these are the only cards the OCR is measured on.
 */
export interface KtpPerson {
  nik: string;
  nama: string;
  /** YYYY-MM-DD */
  tanggal_lahir: string;
  tempat_lahir: string;
  jenis_kelamin: 'LAKI-LAKI' | 'PEREMPUAN';
  provinsi: string;
  kabupaten: string;
  alamat: string;
  rt_rw: string;
  kel_desa: string;
  kecamatan: string;
  agama: string;
  status_perkawinan: string;
  pekerjaan: string;
  golongan_darah: string;
}

const FIRST = [
  'BUDI',
  'SITI',
  'AGUS',
  'DEWI',
  'RINA',
  'ANDI',
  'WAHYU',
  'PUTRI',
  'JOKO',
  'AYU',
  'RUDI',
  'NUR',
  'EKO',
  'INDAH',
  'HENDRA',
  'LESTARI',
  'FAJAR',
  'MAYA',
  'BAYU',
  'SRI',
  'DIMAS',
  'RATNA',
  'YUDI',
  'FITRI',
];
const MIDDLE = ['', '', '', 'AJI ', 'DWI ', 'TRI ', 'NOVITA ', 'ADI ', 'PUTRA ', 'KURNIA '];
const LAST = [
  'SANTOSO',
  'WIJAYA',
  'SAPUTRA',
  'LESTARI',
  'PRATAMA',
  'HIDAYAT',
  'KUSUMA',
  'NUGROHO',
  'SIREGAR',
  'WIBOWO',
  'RAHMAWATI',
  'SETIAWAN',
  'HALIM',
  'GUNAWAN',
  'PURBA',
  'HASIBUAN',
];
const TOWNS = [
  'BANDUNG',
  'SEMARANG',
  'SURABAYA',
  'MEDAN',
  'MAKASSAR',
  'DENPASAR',
  'BOGOR',
  'MALANG',
  'PADANG',
  'SOLO',
  'CIREBON',
  'KUPANG',
  'AMBON',
  'JAYAPURA',
];
const REGENCIES = [
  'KABUPATEN BOGOR',
  'KOTA BANDUNG',
  'KABUPATEN SLEMAN',
  'KOTA SURABAYA',
  'KABUPATEN GOWA',
  'KOTA MEDAN',
  'KABUPATEN BADUNG',
  'KOTA PADANG',
];
const STREETS = ['JL. MERDEKA', 'JL. SUDIRMAN', 'JL. DIPONEGORO', 'JL. MELATI', 'JL. KENANGA', 'GG. MAWAR', 'JL. PAHLAWAN', 'JL. CEMPAKA'];
const VILLAGES = ['SUKAMAJU', 'MEKARSARI', 'SUKARAME', 'CIPAYUNG', 'KARANGANYAR', 'SIDOMULYO', 'TAMANSARI', 'BOJONG'];
const DISTRICTS = ['COBLONG', 'TEGALSARI', 'GUBENG', 'MEDAN BARU', 'TAMALATE', 'CILANDAK', 'DEPOK', 'MLATI'];
const RELIGIONS = ['ISLAM', 'KRISTEN', 'KATOLIK', 'HINDU', 'BUDDHA', 'KONGHUCU'];
const MARITAL = ['BELUM KAWIN', 'KAWIN', 'CERAI HIDUP', 'CERAI MATI'];
const JOBS = ['KARYAWAN SWASTA', 'WIRASWASTA', 'PELAJAR/MAHASISWA', 'PEDAGANG', 'MENGURUS RUMAH TANGGA', 'PEGAWAI NEGERI SIPIL'];
const BLOOD = ['A', 'B', 'AB', 'O', '-'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function between(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** An invented person with a NIK of valid structure: province, regency, district, DDMMYY (+40 for women), serial. */
export function randomKtpPerson(random: () => number): KtpPerson {
  const provinceCode = pick(random, Object.keys(INDONESIAN_PROVINCES));
  const female = random() < 0.5;
  const year = between(random, 1960, 2004);
  const month = between(random, 1, 12);
  const day = between(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const nik = `${provinceCode}${pad(between(random, 1, 79))}${pad(between(random, 1, 40))}${pad(female ? day + 40 : day)}${pad(month)}${pad(year % 100)}${pad(between(random, 1, 2999), 4)}`;
  return {
    nik,
    nama: `${pick(random, FIRST)} ${pick(random, MIDDLE)}${pick(random, LAST)}`,
    tanggal_lahir: `${year}-${pad(month)}-${pad(day)}`,
    tempat_lahir: pick(random, TOWNS),
    jenis_kelamin: female ? 'PEREMPUAN' : 'LAKI-LAKI',
    provinsi: (INDONESIAN_PROVINCES[provinceCode] ?? '').toUpperCase(),
    kabupaten: pick(random, REGENCIES),
    alamat: `${pick(random, STREETS)} NO. ${between(random, 1, 180)}`,
    rt_rw: `${pad(between(random, 1, 20), 3)}/${pad(between(random, 1, 15), 3)}`,
    kel_desa: pick(random, VILLAGES),
    kecamatan: pick(random, DISTRICTS),
    agama: pick(random, RELIGIONS),
    status_perkawinan: pick(random, MARITAL),
    pekerjaan: pick(random, JOBS),
    golongan_darah: pick(random, BLOOD),
  };
}

/** ID-1 card (85.6 x 54 mm) at about 300 dpi. */
export const CARD_WIDTH = 1012;
export const CARD_HEIGHT = 638;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${x}" y="${y}" ${attributes}>${escapeXml(content)}</text>`;
}

function field(y: number, label: string, value: string, labelX = 34): string {
  return text(labelX, y, label) + text(300, y, ':') + text(318, y, value);
}

function cardSvg(person: KtpPerson, width: number): string {
  const [year, month, day] = person.tanggal_lahir.split('-');
  const rows = [
    field(212, 'Nama', person.nama),
    field(248, 'Tempat/Tgl Lahir', `${person.tempat_lahir}, ${day}-${month}-${year}`),
    field(284, 'Jenis Kelamin', person.jenis_kelamin) + text(560, 284, 'Gol. Darah : ' + person.golongan_darah),
    field(320, 'Alamat', person.alamat),
    field(352, 'RT/RW', person.rt_rw, 70),
    field(384, 'Kel/Desa', person.kel_desa, 70),
    field(416, 'Kecamatan', person.kecamatan, 70),
    field(452, 'Agama', person.agama),
    field(488, 'Status Perkawinan', person.status_perkawinan),
    field(524, 'Pekerjaan', person.pekerjaan),
    field(560, 'Kewarganegaraan', 'WNI'),
    field(596, 'Berlaku Hingga', 'SEUMUR HIDUP'),
  ].join('');
  const height = Math.round((width * CARD_HEIGHT) / CARD_WIDTH);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#cfe6f5"/><stop offset="0.5" stop-color="#b9dcf0"/><stop offset="1" stop-color="#d6ecf4"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" rx="28" fill="url(#bg)"/>
  <circle cx="520" cy="380" r="190" fill="none" stroke="#a9cfe6" stroke-width="14"/>
  <g font-family="DejaVu Sans" font-weight="bold" font-size="30" text-anchor="middle" fill="#111">
    ${text(CARD_WIDTH / 2, 52, `PROVINSI ${person.provinsi}`)}${text(CARD_WIDTH / 2, 92, person.kabupaten)}
  </g>
  <g font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#111">
    ${text(34, 160, 'NIK')}${text(300, 160, ':')}
    <text x="330" y="160" font-family="DejaVu Sans Mono" font-size="38" letter-spacing="1">${person.nik}</text>
  </g>
  <g font-family="DejaVu Sans" font-size="22" fill="#151515">${rows}</g>
  <rect x="770" y="150" width="200" height="250" fill="#e8eef2" stroke="#6a7f8c" stroke-width="2"/>
  <circle cx="870" cy="240" r="52" fill="#9aa7b0"/><path d="M790 400 Q870 280 950 400 Z" fill="#9aa7b0"/>
  <g font-family="DejaVu Sans" font-size="18" text-anchor="middle" fill="#151515">
    ${text(870, 436, person.tempat_lahir)}${text(870, 462, '12-03-2019')}
  </g>
  <path d="M800 540 C830 500 850 560 880 520 S930 510 950 540" fill="none" stroke="#1d2a6b" stroke-width="3"/>
</svg>`;
}

/** The clean card as PNG, CARD_WIDTH wide unless `width` says otherwise (drawn at that size, not scaled). */
export async function drawKtpCard(person: KtpPerson, width = CARD_WIDTH): Promise<Buffer> {
  return sharp(Buffer.from(cardSvg(person, width)))
    .png()
    .toBuffer();
}
