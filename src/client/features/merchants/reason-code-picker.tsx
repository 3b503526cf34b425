import { REASON_CODE_LIST, REASON_MESSAGES, type ReasonCode } from '../../../domain/reason-codes';

type ReasonCodePickerProps = { value: ReasonCode[]; onChange: (codes: ReasonCode[]) => void; error?: string | undefined };

// 'Lainnya' is for a fix item's own words; a decision's own words go into the admin's note.
const FINAL = REASON_CODE_LIST.filter((info) => info.jenis === 'final');
const FIXABLE = REASON_CODE_LIST.filter((info) => info.jenis === 'bisa_diperbaiki' && info.kode !== 'lainnya');

/**
 * The reasons of a rejection, by the team's texts; the applicant reads only each code's own applicant text
 * (reason-codes.ts). At least one final reason is required, here and by the server.
 */
export function ReasonCodePicker({ value, onChange, error }: ReasonCodePickerProps) {
  const toggle = (kode: ReasonCode, checked: boolean) => onChange(checked ? [...value, kode] : value.filter((c) => c !== kode));
  const group = (title: string, list: typeof FINAL) => (
    <>
      <p className="mt-2 text-xs font-semibold uppercase text-slate-500 first:mt-0">{title}</p>
      <ul>
        {list.map((info) => (
          <li key={info.kode} className="py-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="kode_alasan"
                value={info.kode}
                checked={value.includes(info.kode)}
                onChange={(e) => toggle(info.kode, e.target.checked)}
                className="mt-0.5 size-4"
              />
              <span>
                {info.teks_tim}
                <span className="block text-xs text-slate-500">Pendaftar membaca: {info.teks_pendaftar}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </>
  );
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'reason-codes-error' : 'reason-codes-hint'}>
      <legend className="text-sm font-medium text-slate-800">
        Alasan penolakan <span className="text-red-600">*</span>
      </legend>
      <p id="reason-codes-hint" className="text-xs text-slate-500">
        {REASON_MESSAGES.finalRequired}.
      </p>
      <div className="max-h-60 overflow-y-auto rounded-lg border border-slate-200 px-3 py-2">
        {group('Final', FINAL)}
        {group('Bisa diperbaiki', FIXABLE)}
      </div>
      {error && (
        <p id="reason-codes-error" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
