import { usePageTitle } from '../../lib/use-page-title';

export function TermsPage() {
  usePageTitle('Syarat dan Ketentuan');
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">Syarat dan Ketentuan</h1>
    </main>
  );
}
