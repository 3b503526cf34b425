import { DOCUMENT_SLOTS } from '../../../domain/document-slots';
import { FIX_FIELDS, fixTargetLabel, type FixTarget } from '../../../domain/perbaikan-texts';
import { REASON_CODE_LIST, type ReasonCode } from '../../../domain/reason-codes';
import { Input, NativeSelect } from '../../components/ui/input';

/** One row of the checklist as the admin fills it: a reason code from the list, and text of their own. */
export type FixChoice = { kode: ReasonCode; text: string };
export type FixChoices = Partial<Record<FixTarget, FixChoice>>;

/** What the request's item sends: `{ field, kode }` (with the admin's words after the code's text), or `alasan` alone for Lainnya. */
type FixItemInput = { field: FixTarget; kode?: ReasonCode; alasan?: string };

/** The codes an applicant can fix that concern this field or slot, 'Lainnya' last. */
export function reasonsFor(target: FixTarget) {
  return REASON_CODE_LIST.filter((info) => info.jenis === 'bisa_diperbaiki' && (info.bidang.length === 0 || info.bidang.includes(target)));
}

export function fixItems(choices: FixChoices): FixItemInput[] {
  return (Object.entries(choices) as [FixTarget, FixChoice][]).map(([field, choice]) => {
    const text = choice.text.trim();
    if (choice.kode === 'lainnya') return { field, alasan: text };
    return text ? { field, kode: choice.kode, alasan: text } : { field, kode: choice.kode };
  });
}

/** Every checked row has a reason (Lainnya needs its text). */
export function fixChoicesComplete(choices: FixChoices): boolean {
  return fixItems(choices).every((item) => item.kode !== undefined || (item.alasan ?? '').length > 0);
}

type FixChecklistProps = { choices: FixChoices; onChange: (choices: FixChoices) => void; required: boolean; error?: string };

/** What the applicant must fix: merchant fields and document slots, each with its reason (decision 0018). */
export function FixChecklist({ choices, onChange, required, error }: FixChecklistProps) {
  const toggle = (target: FixTarget, checked: boolean) => {
    const next = { ...choices };
    if (checked) next[target] = { kode: reasonsFor(target)[0]!.kode, text: '' };
    else delete next[target];
    onChange(next);
  };
  const update = (target: FixTarget, change: Partial<FixChoice>) => onChange({ ...choices, [target]: { ...choices[target]!, ...change } });

  const row = (target: FixTarget) => {
    const choice = choices[target];
    const label = fixTargetLabel(target);
    return (
      <li key={target} className="py-1.5">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="perbaikan"
            value={target}
            checked={Boolean(choice)}
            onChange={(e) => toggle(target, e.target.checked)}
            className="size-4"
          />
          {label}
        </label>
        {choice && (
          <div className="mt-1.5 ml-6 grid gap-2 sm:grid-cols-2">
            <NativeSelect
              aria-label={`Alasan ${label}`}
              name={`alasan_${target}`}
              value={choice.kode}
              onChange={(e) => update(target, { kode: e.target.value as ReasonCode })}
            >
              {reasonsFor(target).map((reason) => (
                <option key={reason.kode} value={reason.kode}>
                  {reason.teks_tim}
                </option>
              ))}
            </NativeSelect>
            <Input
              aria-label={`Keterangan ${label}`}
              name={`keterangan_${target}`}
              maxLength={200}
              placeholder={choice.kode === 'lainnya' ? 'Tulis alasannya' : 'Keterangan (opsional)'}
              value={choice.text}
              aria-invalid={choice.kode === 'lainnya' && choice.text.trim() === ''}
              onChange={(e) => update(target, { text: e.target.value })}
            />
          </div>
        )}
      </li>
    );
  };

  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'fix-checklist-error' : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        Yang perlu diperbaiki{' '}
        {required ? <span className="text-red-600">*</span> : <span className="font-normal text-slate-500">(opsional)</span>}
      </legend>
      <p className="text-xs text-slate-500">Pendaftar menerima tautan untuk memperbaiki hanya data yang dipilih.</p>
      <div className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 px-3 py-2">
        <p className="text-xs font-semibold uppercase text-slate-500">Data</p>
        <ul>{FIX_FIELDS.map(row)}</ul>
        <p className="mt-2 text-xs font-semibold uppercase text-slate-500">Dokumen</p>
        <ul>{DOCUMENT_SLOTS.map(row)}</ul>
      </div>
      {error && (
        <p id="fix-checklist-error" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
