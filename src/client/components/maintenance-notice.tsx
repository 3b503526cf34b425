import { AlertTriangle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from './ui/button';
import { Card } from './ui/card';

/**
 * Maintenance mode (Settings, decision 0022): the wizard and the fix page show this instead of their forms, which the
 * server would refuse with 503. The text is the domain's; its module (with zod) loads only when shown.
 */
export function MaintenanceNotice() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../domain/settings').then(({ MAINTENANCE_MESSAGE }) => {
      if (live) setMessage(MAINTENANCE_MESSAGE);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Card className="mt-6 p-6" role="alert">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangle aria-hidden className="size-5 text-amber-600" />
        {message ?? ''}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Silakan coba lagi nanti. Data yang sudah Anda isi tetap tersimpan di perangkat ini. Cek status pendaftaran tetap dapat dilakukan.
      </p>
      <Link to="/status" className={buttonVariants({ variant: 'secondary', className: 'mt-4' })}>
        Cek Status Pendaftaran
      </Link>
    </Card>
  );
}
