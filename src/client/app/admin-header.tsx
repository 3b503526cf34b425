import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldCheck } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { MESSAGES } from '../../domain/messages';
import { Button } from '../components/ui/button';
import { logout } from '../features/auth/auth-api';
import { OverdueCount } from '../features/workbench/overdue-count';
import { ApiRequestError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { toast } from '../lib/toast';

const LINKS = [
  { to: '/admin', label: 'Antrean', end: true },
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/merchants', label: 'Merchants' },
  { to: '/admin/orders', label: 'Pesanan' },
  { to: '/admin/fulfilment', label: 'Pengiriman' },
  { to: '/admin/devices', label: 'Perangkat' },
  { to: '/admin/products', label: 'Produk' },
  { to: '/admin/audit', label: 'Audit Logs' },
  { to: '/admin/settings', label: 'Settings' },
];

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700',
  );
}

export function AdminHeader({ email, locked }: { email: string; locked: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toast.success(MESSAGES.logoutSuccess);
      // Nothing of the admin's data stays in the browser's cache.
      queryClient.clear();
      navigate('/admin/login', { replace: true });
    },
    onError: (error) => toast.error(error instanceof ApiRequestError ? error.message : MESSAGES.loginFailed),
  });

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
        <Link to="/admin" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <ShieldCheck aria-hidden className="size-6" />
          AIPOS Admin
        </Link>
        {/* While enrolment is required the other screens are shut, so their links are not offered. */}
        {!locked && (
          <nav aria-label="Navigasi admin" className="flex flex-wrap items-center gap-1">
            {LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end ?? false} className={navClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="flex items-center gap-3">
          {!locked && <OverdueCount />}
          <span className="max-w-56 truncate text-sm text-slate-600" data-testid="admin-email" title={email}>
            {email}
          </span>
          <Button variant="secondary" size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
            <LogOut aria-hidden />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
