import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { AppSettingsSchema, MAINTENANCE_MESSAGE, type AppSettings } from '../../../domain/settings';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { InputField } from '../../components/ui/input-field';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { FourEyesCard } from './four-eyes-card';
import { SettingSwitch } from './setting-switch';
import { useAppSettings, useSaveSettings } from './settings-api';
import { SystemInfoCard } from './system-info-card';
import { WebhookSection } from './webhook-section';

const NUMBER_SETTINGS = [
  {
    name: 'session_timeout_minutes',
    label: 'Batas waktu sesi (menit)',
    hint: '5-30 menit. Sesi admin berakhir setelah sekian menit tanpa aktivitas.',
    min: 5,
    max: 30,
  },
  { name: 'max_upload_mb', label: 'Ukuran unggah maksimal (MB)', hint: '1-3 MB, untuk setiap dokumen pendaftar.', min: 1, max: 3 },
] as const;

const FLAG_SETTINGS = [
  {
    name: 'maintenance_mode',
    label: 'Mode pemeliharaan',
    description: `Formulir pendaftaran dan halaman perbaikan menampilkan '${MAINTENANCE_MESSAGE}' dan tidak menerima kiriman. Cek status dan halaman admin tetap berjalan.`,
  },
  {
    name: 'email_notifications',
    label: 'Notifikasi email',
    description: 'Kirim email kepada pendaftar saat status pendaftarannya berubah. Tanda terima pendaftaran selalu dikirim.',
  },
] as const;

/**
 * Admin → Settings, persisted on the server (GET/PUT /api/admin/settings, audited as settings_update), and
 * each in effect (decision 0022): the idle timeout, maintenance mode, status e-mails and the upload limit.
 * `security` is the sign-in feature's second-factor section, composed in by the router.
 */
export function SettingsPage({ security }: { security?: ReactNode }) {
  usePageTitle('Pengaturan');
  const settings = useAppSettings();
  return (
    <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Pengaturan</h1>
      {settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : settings.isError ? (
        <p role="alert">{settings.error.message}</p>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
      <SystemInfoCard />
      <WebhookSection />
      {security}
    </main>
  );
}

type Errors = Partial<Record<keyof AppSettings, string>>;

function SettingsForm({ initial }: { initial: AppSettings }) {
  const [values, setValues] = useState<AppSettings>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSettings();
  const set = <K extends keyof AppSettings>(key: K, value: AppSettings[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AppSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(MESSAGES.settingsSaved),
      onError: (error) => toast.error(error instanceof ApiRequestError ? error.message : MESSAGES.settingsSaved),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Pengaturan aplikasi">
      <Card className="p-6">
        <h2 className="text-lg font-semibold">Umum</h2>
        <p className="mt-1 text-xs text-slate-500">Pengaturan disimpan di server, dicatat di Audit Logs, dan langsung berlaku.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {NUMBER_SETTINGS.map(({ name, label, hint, min, max }) => (
            <InputField
              key={name}
              label={label}
              hint={hint}
              error={errors[name]}
              name={name}
              type="number"
              min={min}
              max={max}
              value={values[name]}
              onChange={(e) => set(name, Number(e.target.value))}
            />
          ))}
        </div>
        <div className="mt-2 divide-y divide-slate-100">
          {FLAG_SETTINGS.map(({ name, label, description }) => (
            <SettingSwitch
              key={name}
              name={name}
              label={label}
              description={description}
              checked={values[name]}
              onChange={(v) => set(name, v)}
            />
          ))}
          <SettingSwitch
            name="auto_approve"
            label="Setujui otomatis"
            description="Tidak tersedia: pemeriksaan identitas (KTP, selfie dengan KTP, rekening bank) memerlukan penilaian seorang admin, sehingga setiap pendaftaran ditinjau admin."
            checked={false}
            disabled
            onChange={() => {}}
          />
        </div>
      </Card>
      <FourEyesCard value={values.four_eyes} error={errors.four_eyes} onChange={(v) => set('four_eyes', v)} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          Simpan Pengaturan
        </Button>
      </div>
    </form>
  );
}
