import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, Search, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { formatDateTimeWib } from '../../../domain/format';
import { CopyableValue } from '../../components/copy-button';
import { LinkButton } from '../../components/link-button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { checkoutWaits } from '../../lib/checkout-handoff';
import { receiptTokenFor } from '../../lib/registration-session';
import { usePageTitle } from '../../lib/use-page-title';
import { DetailItem } from './detail-item';
import { lookupRegistration } from './registration-api';

/** /registrasi/success?code= and /register/success?code= (docs/spec.md §2): one page for both routes. */
export function RegistrationSuccessPage() {
  usePageTitle('Pendaftaran Berhasil');
  const [params] = useSearchParams();
  const code = params.get('code')?.trim().toUpperCase() ?? '';
  // A cart, or a checkout left for 'Daftar Merchant': the order is the next step.
  const [toCheckout] = useState(checkoutWaits);
  const lookup = useQuery({
    queryKey: ['registration-receipt', code],
    queryFn: () => lookupRegistration(code, receiptTokenFor(code)),
    enabled: code !== '',
    // docs/spec.md §2: nothing found or a failed lookup sends the visitor back to the form, without waiting on retries.
    retry: false,
  });

  if (code === '' || lookup.isError) return <Navigate to="/register" replace />;

  const data = lookup.data;
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-12">
      <div className="text-center">
        <CheckCircle2 aria-hidden className="mx-auto size-16 text-green-600" />
        <h1 className="mt-4 text-3xl font-bold">Pendaftaran Berhasil!</h1>
        {data ? (
          <p className="mt-2 text-slate-600">
            Terima kasih, <strong className="text-slate-900">{data.nama_pemilik}</strong>. Pendaftaran merchant Anda telah kami terima.
          </p>
        ) : (
          <Skeleton className="mx-auto mt-3 h-5 w-72" />
        )}
      </div>

      <Card className="mt-8 p-6">
        <p className="text-sm text-slate-600">Kode Pendaftaran</p>
        <CopyableValue
          value={code}
          label="Salin kode pendaftaran"
          testId="kode-pendaftaran"
          className="mt-1 flex items-center gap-2"
          valueClassName="font-mono text-2xl font-bold tracking-wider text-brand-700"
        />
        <p className="mt-1 text-xs text-slate-500">Simpan kode ini untuk mengecek status pendaftaran Anda.</p>

        {data ? (
          <dl className="mt-6 grid gap-4 border-t border-slate-200 pt-6 sm:grid-cols-2">
            <DetailItem label="Tanggal Pendaftaran">{formatDateTimeWib(data.submitted_at)}</DetailItem>
            <DetailItem label="Nama Pemilik">{data.nama_pemilik}</DetailItem>
            <DetailItem label="Nama Toko">{data.nama_toko}</DetailItem>
            <DetailItem label="Nomor HP">{data.no_hp}</DetailItem>
            <DetailItem label="Email">{data.email}</DetailItem>
          </dl>
        ) : (
          <div className="mt-6 space-y-3 border-t border-slate-200 pt-6" aria-busy="true" aria-label="Memuat data pendaftaran">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/3" />
          </div>
        )}
      </Card>

      <Card tone="warning" className="mt-6 flex items-start gap-3 p-5">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <p className="text-sm text-amber-900">
          Tim kami akan memverifikasi data Anda dalam <strong>1-3 hari kerja</strong> dan menghubungi Anda melalui nomor HP atau email yang
          terdaftar.
        </p>
      </Card>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        {toCheckout && (
          // The checkout finds this code and its receipt in the registration session and checks it itself.
          <LinkButton to="/checkout" size="lg">
            <ShoppingCart aria-hidden /> Lanjutkan ke Checkout
          </LinkButton>
        )}
        <LinkButton to={`/status?code=${encodeURIComponent(code)}`} size="lg" variant={toCheckout ? 'secondary' : 'primary'}>
          <Search aria-hidden /> Cek Status Pendaftaran
        </LinkButton>
        <LinkButton to="/" size="lg" variant="secondary">
          Kembali ke Beranda
        </LinkButton>
      </div>
    </main>
  );
}
