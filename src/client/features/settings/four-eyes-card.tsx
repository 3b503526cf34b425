import type { FourEyes } from '../../../domain/settings';
import { Card } from '../../components/ui/card';
import { InputField } from '../../components/ui/input-field';
import { SettingSwitch } from './setting-switch';

const SWITCHES = [
  { key: 'selalu', label: 'Selalu', description: 'Setiap verifikasi memerlukan persetujuan admin kedua.' },
  {
    key: 'saat_peringatan',
    label: 'Saat ada peringatan',
    description: 'Jika pemeriksaan atau tanda data ganda (NIK, rekening, no. HP, email) memberi peringatan.',
  },
] as const;

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
        {SWITCHES.map(({ key, label, description }) => (
          <SettingSwitch
            key={key}
            name={`four_eyes.${key}`}
            label={label}
            description={description}
            checked={value[key]}
            onChange={(on) => set({ [key]: on })}
          />
        ))}
      </div>
      <div className="mt-4 max-w-sm">
        <InputField
          label="Omset per bulan di atas (Rp)"
          hint="Kosongkan bila tidak dipakai."
          error={error}
          name="four_eyes.omset_di_atas"
          type="number"
          min={0}
          value={value.omset_di_atas ?? ''}
          onChange={(event) => set({ omset_di_atas: event.target.value === '' ? null : Number(event.target.value) })}
        />
      </div>
    </Card>
  );
}
