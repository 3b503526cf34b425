import { z } from 'zod';

/**
 * The 38 provinces by the Kemendagri region code that opens every NIK (Kepmendagri 100.1.1-6117/2022,
 * which added the four Papua provinces 93-96). A NIK issued before a province was split keeps its old code.
 */
export const INDONESIAN_PROVINCES: Readonly<Record<string, string>> = {
  '11': 'Aceh',
  '12': 'Sumatera Utara',
  '13': 'Sumatera Barat',
  '14': 'Riau',
  '15': 'Jambi',
  '16': 'Sumatera Selatan',
  '17': 'Bengkulu',
  '18': 'Lampung',
  '19': 'Kepulauan Bangka Belitung',
  '21': 'Kepulauan Riau',
  '31': 'DKI Jakarta',
  '32': 'Jawa Barat',
  '33': 'Jawa Tengah',
  '34': 'DI Yogyakarta',
  '35': 'Jawa Timur',
  '36': 'Banten',
  '51': 'Bali',
  '52': 'Nusa Tenggara Barat',
  '53': 'Nusa Tenggara Timur',
  '61': 'Kalimantan Barat',
  '62': 'Kalimantan Tengah',
  '63': 'Kalimantan Selatan',
  '64': 'Kalimantan Timur',
  '65': 'Kalimantan Utara',
  '71': 'Sulawesi Utara',
  '72': 'Sulawesi Tengah',
  '73': 'Sulawesi Selatan',
  '74': 'Sulawesi Tenggara',
  '75': 'Gorontalo',
  '76': 'Sulawesi Barat',
  '81': 'Maluku',
  '82': 'Maluku Utara',
  '91': 'Papua',
  '92': 'Papua Barat',
  '93': 'Papua Selatan',
  '94': 'Papua Tengah',
  '95': 'Papua Pegunungan',
  '96': 'Papua Barat Daya',
};

export const NIK_PROBLEMS = ['unknown_province', 'impossible_date', 'future_date', 'under_17'] as const;
export const NikProblemSchema = z.enum(NIK_PROBLEMS);
export type NikProblem = z.infer<typeof NikProblemSchema>;

export const NikDecodedSchema = z.object({
  province_code: z.string(),
  province_name: z.string().nullable(),
  /** YYYY-MM-DD, null when digits 7-12 are not a real date. */
  birth_date: z.string().nullable(),
  sex: z.enum(['L', 'P']).nullable(),
  problems: z.array(NikProblemSchema),
});
export type NikDecoded = z.infer<typeof NikDecodedSchema>;

/**
 * What an admin answer says of a NIK before a reveal: its province and the structure's problems. Birth
 * date and sex are digits 7-12 of the NIK; with the last four on the mask they left only the regency and
 * district (4 digits) to guess, so they come only with the audited reveal. The province (digits 1-2) stays:
 * the address names it anyway, and the unknown digits are still ten.
 */
export const NikFlagsSchema = NikDecodedSchema.pick({ province_code: true, province_name: true, problems: true });
export type NikFlags = z.infer<typeof NikFlagsSchema>;

/** Birth date and sex read from a NIK: only in the answer of the audited reveal. */
export const NikPersonalSchema = NikDecodedSchema.pick({ birth_date: true, sex: true });
export type NikPersonal = z.infer<typeof NikPersonalSchema>;

export const NIK_MESSAGES = {
  structureWarning: 'Struktur NIK tidak biasa: periksa kembali (kode provinsi atau tanggal lahir tidak valid)',
  provinceMismatch: 'Provinsi pada NIK berbeda dengan provinsi alamat',
  hiddenPersonal: "Tanggal lahir dan jenis kelamin dari NIK tampil setelah NIK ditampilkan ('Tampilkan').",
  problems: {
    unknown_province: 'Kode provinsi pada NIK tidak dikenal',
    impossible_date: 'Tanggal lahir pada NIK tidak valid',
    future_date: 'Tanggal lahir pada NIK ada di masa depan',
    under_17: 'Menurut NIK, pemilik belum berusia 17 tahun',
  } satisfies Record<NikProblem, string>,
} as const;

export const MINIMUM_AGE = 17;

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** Today's calendar date in Asia/Jakarta (UTC+7 all year, no daylight saving). */
function jakartaDate(now: Date): { year: number; month: number; day: number } {
  const shifted = new Date(now.getTime() + JAKARTA_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Reads a NIK `PP KK CC DDMMYY SSSS`: province, birth date (women: day + 40) and sex. The century is not in
 * the NIK: a two-digit year up to this year's is read as 20yy, a later one as 19yy. The problems are
 * warnings for a person to look at, never a refusal: region codes and old cards have their surprises.
 */
export function decodeNik(nik: string, today: Date = new Date()): NikDecoded {
  const provinceCode = nik.slice(0, 2);
  const provinceName = INDONESIAN_PROVINCES[provinceCode] ?? null;
  if (!/^\d{16}$/.test(nik)) {
    return { province_code: provinceCode, province_name: provinceName, birth_date: null, sex: null, problems: [] };
  }
  const problems: NikProblem[] = [];
  if (provinceName === null) problems.push('unknown_province');

  const rawDay = Number(nik.slice(6, 8));
  const sex = rawDay > 40 ? 'P' : 'L';
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  const month = Number(nik.slice(8, 10));
  const twoDigitYear = Number(nik.slice(10, 12));
  const now = jakartaDate(today);
  const year = (twoDigitYear <= now.year % 100 ? 2000 : 1900) + twoDigitYear;

  if (!isRealDate(year, month, day)) {
    problems.push('impossible_date');
    return { province_code: provinceCode, province_name: provinceName, birth_date: null, sex, problems };
  }
  const birth = year * 10_000 + month * 100 + day;
  const todayNumber = now.year * 10_000 + now.month * 100 + now.day;
  if (birth > todayNumber) problems.push('future_date');
  else if (birth + MINIMUM_AGE * 10_000 > todayNumber) problems.push('under_17');
  return {
    province_code: provinceCode,
    province_name: provinceName,
    birth_date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    sex,
    problems,
  };
}

/** "Prov. DKI Jakarta", "dki jakarta", "Provinsi Daerah Istimewa Yogyakarta" and "DI Yogyakarta" compare equal. */
function provinceKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\b(provinsi|prov|propinsi)\b/g, ' ')
    .replace(/\bdaerah khusus ibukota\b|\bdaerah khusus jakarta\b|\bdki\b|\bdkj\b/g, ' ')
    .replace(/\bdaerah istimewa\b|\bdiy\b|\bdi\b/g, ' ')
    .replace(/\bkep\b/g, 'kepulauan')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the address's province differs from the one the NIK was issued in (false when either is unknown). */
export function provinceDiffers(decoded: NikDecoded, addressProvince: string): boolean {
  if (decoded.province_name === null || addressProvince.trim() === '') return false;
  return provinceKey(decoded.province_name) !== provinceKey(addressProvince);
}
