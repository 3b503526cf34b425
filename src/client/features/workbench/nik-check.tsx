import type { MerchantDetail } from '../../../domain/merchants';
import { NIK_MESSAGES } from '../../../domain/nik-structure';
import { WarningNote } from '../../components/warning-note';

type NikCheck = MerchantDetail['nik_check'];

const SEX_LABELS = { L: 'Laki-laki', P: 'Perempuan' } as const;

/** A YYYY-MM-DD birth date as an Indonesian reader writes it (25 November 1990); no time zone involved. */
function formatBirthDate(date: string): string {
  return new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The warnings of a decoded NIK: its structure, and its province against the address's. */
function nikWarnings(check: NikCheck): string[] {
  return [
    ...(check.problems.length > 0 ? [NIK_MESSAGES.structureWarning, ...check.problems.map((problem) => NIK_MESSAGES.problems[problem])] : []),
    ...(check.province_mismatch ? [NIK_MESSAGES.provinceMismatch] : []),
  ];
}

/** What the NIK's digits say (province, birth date, sex), decoded by the server, and what looks wrong. */
export function NikCheckInfo({ check }: { check: NikCheck }) {
  const rows: [string, string][] = [
    ['Provinsi (dari NIK)', check.province_name ?? `Kode ${check.province_code} tidak dikenal`],
    ['Tanggal lahir (dari NIK)', check.birth_date ? formatBirthDate(check.birth_date) : 'Tidak valid'],
    ['Jenis kelamin (dari NIK)', check.sex ? SEX_LABELS[check.sex] : 'Tidak diketahui'],
  ];
  const warnings = nikWarnings(check);
  return (
    <div className="space-y-2" data-testid="nik-check">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {warnings.map((warning) => (
        <WarningNote key={warning} text={warning} />
      ))}
    </div>
  );
}
