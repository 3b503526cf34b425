import type { FourEyes } from '../../../domain/settings';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { SettingSwitch } from './setting-switch';

type FourEyesCardProps = { value: FourEyes; error: string | undefined; onChange: (value: FourEyes) => void };

/** 'Persetujuan Kedua': when a verification needs a second admin's approval before the applicant sees it. */
export function FourEyesCard({ value, error, onChange }: FourEyesCardProps) {
  const set = (change: Partial<FourEyes>) => onChange({ ...value, ...change });
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Persetujuan Kedua</h2>
      <p className="mt-1 text-xs text-slate-500">
        Verifikasi pertama dicatat sebagai &lsquo;Menunggu Persetujuan Kedua&rsquo;; merchant baru terverifikasi setelah admin lain juga
        memverifikasi. Pendaftar tetap melihat status Sedang Diproses.
      </p>
      <div className="mt-2 divide-y divide-slate-100">
        <SettingSwitch
          name="four_eyes.selalu"
          label="Selalu"
          description="Setiap verifikasi memerlukan persetujuan admin kedua."
          checked={value.selalu}
          onChange={(selalu) => set({ selalu })}
        />
        <SettingSwitch
          name="four_eyes.saat_peringatan"
          label="Saat ada peringatan"
          description="Jika pemeriksaan atau tanda data ganda (NIK, rekening, no. HP, email) memberi peringatan."
          checked={value.saat_peringatan}
          onChange={(saat_peringatan) => set({ saat_peringatan })}
        />
      </div>
      <div className="mt-4 max-w-sm">
        <FormField label="Omset per bulan di atas (Rp)" hint="Kosongkan bila tidak dipakai." error={error}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              name="four_eyes.omset_di_atas"
              type="number"
              min={0}
              value={value.omset_di_atas ?? ''}
              onChange={(event) => set({ omset_di_atas: event.target.value === '' ? null : Number(event.target.value) })}
            />
          )}
        </FormField>
      </div>
    </Card>
  );
}
