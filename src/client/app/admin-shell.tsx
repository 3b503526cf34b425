import { useQueryClient } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { FullPageSpinner } from '../features/auth/spinner';
import { isAdminSession, useSession } from '../features/auth/use-session';
import { setUnauthorizedHandler } from '../lib/api-client';
import { AdminHeader } from './admin-header';

const ENROLMENT_PATH = '/admin/security';

/**
 * The layout of every admin screen. It checks the session with the server (spinner meanwhile) and
 * sends anyone without a signed-in admin to /admin/login; it also owns the one 401 handler, so an
 * expired session in any admin call ends in the same place.
 */
export function AdminShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();

  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      navigate('/admin/login', { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, queryClient]);

  if (session.isPending) return <FullPageSpinner label="Memeriksa sesi..." />;
  if (session.isError) {
    return (
      <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
        <p className="text-slate-700">Tidak dapat memeriksa sesi. Periksa koneksi Anda.</p>
        <Button onClick={() => void session.refetch()}>Coba lagi</Button>
      </div>
    );
  }
  const info = session.data;
  if (!isAdminSession(info)) return <Navigate to="/admin/login" replace />;
  const locked = info.mfaEnrolmentRequired;
  if (locked && location.pathname.toLowerCase() !== ENROLMENT_PATH) return <Navigate to={ENROLMENT_PATH} replace />;

  // Tooltips appear only in the admin area; their provider lives here so that Radix Tooltip and
  // floating-ui (about 14 KB gzip) stay out of the public pages' first load (page budgets, decision 0043).
  // docs/spec.md §9: tooltips open after 700 ms, skip delay 300 ms.
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <AdminHeader email={info.user.email} locked={locked} />
        <Outlet />
      </div>
    </Tooltip.Provider>
  );
}
