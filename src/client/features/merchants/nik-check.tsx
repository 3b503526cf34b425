import type { MerchantDetail } from '../../../domain/merchants';
import { NIK_MESSAGES, type NikPersonal } from '../../../domain/nik-structure';
import { WarningNote } from '../../components/warning-note';

type NikCheck = MerchantDetail['nik_check'];

const SEX_LABELS = { L: 'Laki-laki', P: 'Perempuan' } as const;

/** A YYYY-MM-DD birth date as an Indonesian reader writes it (25 November 1990); no time zone involved. */
function formatBirthDate(date: string): string {
  return new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The warnings of a decoded NIK: its structure, and its province against the address's. */
function nikWarnings(check: NikCheck): string[] {
  return [
    ...(check.problems.length > 0
      ? [NIK_MESSAGES.structureWarning, ...check.problems.map((problem) => NIK_MESSAGES.problems[problem])]
      : []),
    ...(check.province_mismatch ? [NIK_MESSAGES.provinceMismatch] : []),
  ];
}

/**
 * What the NIK's digits say, decoded by the server, and what looks wrong. Before a reveal only the province
 * and the structure's problems: the birth date and sex (`personal`) come with the audited reveal of the NIK.
 */
export function NikCheckInfo({ check, personal = null }: { check: NikCheck; personal?: NikPersonal | null }) {
  const rows: [string, string, string][] = [
    ['province', 'Provinsi (dari NIK)', check.province_name ?? `Kode ${check.province_code} tidak dikenal`],
  ];
  if (personal) {
    rows.push(
      ['birth_date', 'Tanggal lahir (dari NIK)', personal.birth_date ? formatBirthDate(personal.birth_date) : 'Tidak valid'],
      ['sex', 'Jenis kelamin (dari NIK)', personal.sex ? SEX_LABELS[personal.sex] : 'Tidak diketahui'],
    );
  }
  const warnings = nikWarnings(check);
  return (
    <div className="space-y-2" data-testid="nik-check">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium" data-nik-check={key}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {!personal && <p className="text-xs text-slate-500">{NIK_MESSAGES.hiddenPersonal}</p>}
      {warnings.map((warning) => (
        <WarningNote key={warning} text={warning} />
      ))}
    </div>
  );
}
