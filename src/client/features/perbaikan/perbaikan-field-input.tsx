import { FIX_FIELD_LABELS, type FixField } from '../../../domain/perbaikan-texts';
import { BANKS, PREMISES } from '../../../domain/vocabularies';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';

type FixFieldInputProps = {
  field: FixField;
  value: string;
  reason: string;
  /** What we hold now, shown masked for NIK and account number (they are typed again whole). */
  current: string | number | null;
  error?: string;
  onChange: (value: string) => void;
};

const TEXTAREAS: readonly FixField[] = ['alamat_jalan', 'alamat_pemilik'];

/** One flagged field of the fix page: the wizard's label and name, the admin's reason beside it. */
export function FixFieldInput({ field, value, reason, current, error, onChange }: FixFieldInputProps) {
  const masked = field === 'nik' || field === 'no_rekening';
  const hint = (
    <>
      <span className="block font-medium text-orange-800">Alasan: {reason}</span>
      {masked && current !== null && <span className="block">Tersimpan: {String(current)}. Ketik ulang nomor lengkapnya.</span>}
    </>
  );
  return (
    <FormField label={FIX_FIELD_LABELS[field]} required={field !== 'tempat_usaha'} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => {
        const common = { id, name: field, 'aria-describedby': describedBy, 'aria-invalid': invalid };
        if (field === 'nama_bank' || field === 'tempat_usaha') {
          const [choices, placeholder] = field === 'nama_bank' ? [BANKS, 'Pilih bank'] : [PREMISES, 'Pilih (opsional)'];
          return (
            <NativeSelect
              {...common}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              choices={choices}
              placeholder={placeholder}
            />
          );
        }
        if (TEXTAREAS.includes(field)) return <Textarea {...common} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />;
        const numeric = field === 'nik' || field === 'no_rekening' || field === 'omset_per_bulan' || field === 'kode_pos';
        return (
          <Input
            {...common}
            type={field === 'email' ? 'email' : field === 'no_hp' ? 'tel' : 'text'}
            inputMode={numeric ? 'numeric' : field === 'no_hp' ? 'tel' : undefined}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      }}
    </FormField>
  );
}
