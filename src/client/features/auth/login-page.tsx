import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SessionInfo } from '../../../domain/auth';
import { Card } from '../../components/ui/card';
import { usePageTitle } from '../../lib/use-page-title';
import { logout, SESSION_QUERY_KEY } from './auth-api';
import { PasswordStep } from './password-step';
import { SecondFactorStep } from './second-factor-step';
import { FullPageSpinner } from './spinner';
import { isAdminSession, useSession } from './use-session';

function destination(info: SessionInfo): string {
  return info.mfaEnrolmentRequired ? '/admin/security' : '/admin';
}

/** /admin/login, outside the public layout: password, then the code when the admin has enrolled. */
export function LoginPage() {
  usePageTitle('Login Admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [pending, setPending] = useState<SessionInfo | null>(null);
  const current = pending ?? (session.data?.secondFactorPending ? session.data : null);

  // Already signed in: straight on.
  useEffect(() => {
    if (isAdminSession(session.data)) navigate(destination(session.data), { replace: true });
  }, [session.data, navigate]);

  function signedIn(info: SessionInfo) {
    queryClient.setQueryData(SESSION_QUERY_KEY, info);
    if (info.secondFactorPending) {
      setPending(info);
      return;
    }
    navigate(destination(info), { replace: true });
  }

  async function cancelSecondFactor() {
    await logout().catch(() => {});
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    setPending(null);
  }

  if (session.isPending) return <FullPageSpinner label="Memeriksa sesi..." />;

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <main className="w-full max-w-sm">
        <Card className="space-y-6 p-6 sm:p-8">
          <div className="space-y-2 text-center">
            <ShieldCheck aria-hidden className="mx-auto size-10 text-brand-600" />
            <h1 className="text-2xl font-bold">Admin AIPOS</h1>
            <p className="text-sm text-slate-600">{current ? 'Verifikasi dua langkah' : 'Masuk ke dashboard admin'}</p>
          </div>
          {current ? (
            <SecondFactorStep email={current.user.email} onSignedIn={signedIn} onCancel={() => void cancelSecondFactor()} />
          ) : (
            <PasswordStep onSignedIn={signedIn} />
          )}
        </Card>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-brand-700 underline hover:text-brand-800">
            Kembali ke Beranda
          </Link>
        </p>
      </main>
    </div>
  );
}
