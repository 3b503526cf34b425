import { usePageTitle } from '../../lib/use-page-title';
import { PasswordChangeForm } from './password-change-form';
import { TotpEnrolment } from './totp-enrolment';
import { useSession } from './use-session';

const LOCKED_NOTICE = 'Aktifkan verifikasi dua langkah terlebih dahulu. Halaman admin lain terbuka setelah aktivasi selesai.';

/** /admin/security: the account's second factor and password (a section of Settings once it exists). */
export function SecurityPage() {
  usePageTitle('Keamanan Akun');
  const session = useSession();
  const locked = session.data?.mfaEnrolmentRequired ?? false;
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Keamanan Akun</h1>
      {locked && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          {LOCKED_NOTICE}
        </p>
      )}
      <TotpEnrolment />
      {!locked && <PasswordChangeForm />}
    </main>
  );
}
