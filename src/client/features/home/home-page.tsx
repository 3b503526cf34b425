import { ArrowRight, ShieldCheck, ShoppingCart, TrendingUp, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatRupiah } from '../../../domain/format';
import { PRODUCTS } from '../../../domain/products';
import { LinkButton } from '../../components/link-button';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/use-page-title';

const BENEFITS = [
  { icon: ShieldCheck, title: 'Aman', text: 'Keamanan berlapis dan enkripsi data untuk setiap transaksi dan dokumen Anda.' },
  { icon: Zap, title: 'Cepat', text: 'Pendaftaran merchant dan pembelian perangkat yang cepat, tanpa antre.' },
  { icon: TrendingUp, title: 'Penjualan Meningkat', text: 'Terima semua metode pembayaran dan tingkatkan penjualan usaha Anda.' },
];

export function HomePage() {
  usePageTitle('Beranda');
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-700 to-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
          <h1 className="max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">
            Terima pembayaran lebih mudah dengan perangkat AIPOS
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">
            Daftarkan usaha Anda sebagai merchant dan dapatkan Soundbox, EDC UnionPay, atau EDC Android untuk semua metode pembayaran.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <LinkButton to="/register" variant="light" size="lg">
              Daftar Merchant <ArrowRight aria-hidden />
            </LinkButton>
            <LinkButton to="/shop" variant="outlineLight" size="lg">
              <ShoppingCart aria-hidden /> Beli Produk AIPOS
            </LinkButton>
          </div>
        </div>
      </section>

      <HomeSection id="keunggulan" title="Mengapa AIPOS?">
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="p-6">
              <Icon aria-hidden className="size-10 rounded-lg bg-brand-50 p-2 text-brand-700" />
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </Card>
          ))}
        </div>
      </HomeSection>

      <HomeSection id="produk-unggulan" title="Produk Unggulan" className="bg-white">
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {PRODUCTS.map((product) => (
            <Card key={product.id} className="flex flex-col p-6">
              <Badge className="self-start">{product.badge}</Badge>
              <h3 className="mt-3 text-xl font-semibold">{product.name}</h3>
              <p className="mt-2 flex-1 text-slate-600">{product.description}</p>
              <p className="mt-4 text-2xl font-bold text-brand-700">{formatRupiah(product.price)}</p>
              <LinkButton to="/shop" aria-label={`Lihat Detail ${product.name}`} variant="secondary" className="mt-4">
                Lihat Detail
              </LinkButton>
            </Card>
          ))}
        </div>
        <div className="mt-10 text-center">
          <LinkButton to="/shop" variant="ghost">
            Lihat Semua Produk <ArrowRight aria-hidden />
          </LinkButton>
        </div>
      </HomeSection>

      <section className="mx-auto max-w-6xl px-4 py-16">
        <div className="rounded-2xl bg-brand-700 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-bold">Siap bergabung dengan AIPOS?</h2>
          <p className="mx-auto mt-4 max-w-xl text-brand-100">Daftar sekarang; tim kami memverifikasi data Anda dalam 1-3 hari kerja.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <LinkButton to="/register" variant="light" size="lg">
              Daftar Merchant Sekarang
            </LinkButton>
            <LinkButton to="/status" variant="outlineLight" size="lg">
              Cek Status Pendaftaran
            </LinkButton>
          </div>
        </div>
      </section>
    </main>
  );
}

/** A band of the home page named by its centred heading; `className` colours the whole width. */
function HomeSection({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn('py-16', className)}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={id} className="text-center text-3xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
