import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Halaman tidak ditemukan');
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold">{MESSAGES.notFoundTitle}</h1>
      <Link to="/" className="text-brand-700 underline hover:text-brand-800">
        {MESSAGES.notFoundLink}
      </Link>
    </main>
  );
}
