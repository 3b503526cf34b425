import { Construction } from 'lucide-react';
import { usePageTitle } from '../../lib/use-page-title';

/** A screen whose feature has not landed yet says so plainly instead of pretending. */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Construction aria-hidden className="size-12 text-brand-600" />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-600">Halaman ini sedang disiapkan dan akan segera tersedia.</p>
    </main>
  );
}
