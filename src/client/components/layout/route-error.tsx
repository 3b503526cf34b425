import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '../../../domain/messages';

/** The router's error screen of SPEC §8: heading and the error's message. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-bold text-red-700">{MESSAGES.unexpectedError}</h1>
      <p className="mt-4 rounded-lg bg-red-50 p-4 font-mono text-sm text-red-900">{message}</p>
      <a className="mt-6 inline-block text-brand-700 underline" href="/">
        Kembali ke Beranda
      </a>
    </main>
  );
}
