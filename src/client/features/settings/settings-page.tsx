import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../../domain/messages';
import { SETTINGS_DEFAULTS, type LocalSettings } from '../../../domain/settings';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { usePageTitle } from '../../lib/use-page-title';
import { SettingSwitch } from './setting-switch';
import { SystemInfoCard } from './system-info-card';

/**
 * SPEC §2 and §9: these settings live in the page only; saving confirms and persists nothing. The
 * limits that really apply (3 MB uploads, 30-minute admin sessions) are fixed on the server.
 * `security` is the sign-in feature's second-factor section, composed in by the router.
 */
export function SettingsPage({ security }: { security?: ReactNode }) {
  usePageTitle('Pengaturan');
  const [values, setValues] = useState<LocalSettings>({ ...SETTINGS_DEFAULTS });
  const set = <K extends keyof LocalSettings>(key: K, value: LocalSettings[K]) => setValues((current) => ({ ...current, [key]: value }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    toast.success(MESSAGES.settingsSaved);
  };

  return (
    <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Pengaturan</h1>
      <form onSubmit={save} className="space-y-6" aria-label="Pengaturan aplikasi">
        <Card className="p-6">
          <h2 className="text-lg font-semibold">Umum</h2>
          <p className="mt-1 text-xs text-slate-500">
            Nilai di bagian ini belum diterapkan ke sistem. Batas unggah yang berlaku 3 MB dan sesi admin berakhir setelah 30 menit tanpa aktivitas.
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <FormField label="Batas waktu sesi (menit)">
              {({ id, describedBy }) => (
                <Input id={id} aria-describedby={describedBy} name="session_timeout" type="number" min={1} value={values.sessionTimeoutMinutes} onChange={(e) => set('sessionTimeoutMinutes', Number(e.target.value))} />
              )}
            </FormField>
            <FormField label="Ukuran unggah maksimal (MB)">
              {({ id, describedBy }) => (
                <Input id={id} aria-describedby={describedBy} name="max_upload_mb" type="number" min={1} value={values.maxUploadMb} onChange={(e) => set('maxUploadMb', Number(e.target.value))} />
              )}
            </FormField>
          </div>
          <div className="mt-2 divide-y divide-slate-100">
            <SettingSwitch name="maintenance_mode" label="Mode pemeliharaan" description="Tampilkan halaman pemeliharaan kepada pengunjung." checked={values.maintenanceMode} onChange={(v) => set('maintenanceMode', v)} />
            <SettingSwitch name="email_notifications" label="Notifikasi email" description="Kirim email saat ada pendaftaran baru." checked={values.emailNotifications} onChange={(v) => set('emailNotifications', v)} />
            <SettingSwitch name="auto_approve" label="Setujui otomatis" description="Setujui pendaftaran tanpa peninjauan admin." checked={values.autoApprove} onChange={(v) => set('autoApprove', v)} />
            <SettingSwitch name="auto_backup" label="Cadangan otomatis" description="Cadangkan data setiap hari." checked={values.autoBackup} onChange={(v) => set('autoBackup', v)} />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="text-lg font-semibold">Email (SMTP)</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_8rem]">
            <FormField label="Host SMTP">{({ id }) => <Input id={id} name="smtp_host" placeholder="smtp.contoh.co.id" disabled />}</FormField>
            <FormField label="Port SMTP">{({ id }) => <Input id={id} name="smtp_port" placeholder="587" disabled />}</FormField>
          </div>
        </Card>
        <div className="flex justify-end">
          <Button type="submit">Simpan Pengaturan</Button>
        </div>
      </form>
      <SystemInfoCard />
      {security}
    </main>
  );
}
