import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import type { StatusLookupRequest } from '../../../domain/status-lookup';
import { STATUS_PAGE_TEXTS as T } from '../../../domain/status-texts';
import { ApiRequestError } from '../../lib/api-client';
import { loadSubmittedRegistration, receiptTokenFor } from '../../lib/registration-session';
import { usePageTitle } from '../../lib/use-page-title';
import { StatusNotFound } from './status-not-found';
import './status-print.css';
import { StatusResultView } from './status-result';
import { StatusSearchForm, type SearchMode, type SearchValues } from './status-search-form';
import { StatusSkeleton } from './status-skeleton';
import { isNotFound, useStatusLookup } from './use-status-lookup';

function cleanCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code ? code : null;
}

/** A code search carries this browser's receipt token when the code is the one it registered. */
function codeSearch(code: string): StatusLookupRequest {
  const receiptToken = receiptTokenFor(code);
  return receiptToken ? { kode_pendaftaran: code, receipt_token: receiptToken } : { kode_pendaftaran: code };
}

function failureMessage(error: unknown): string {
  if (isNotFound(error)) return MESSAGES.statusNotFoundForm;
  // Too many lookups: say why, so the visitor waits instead of retrying at once.
  if (error instanceof ApiRequestError && error.status === 429) return `${MESSAGES.statusSearchError}. ${error.message}`;
  return MESSAGES.statusSearchError;
}

export function StatusPage() {
  usePageTitle(T.title);
  const [searchParams] = useSearchParams();
  const codeParam = cleanCode(searchParams.get('code'));
  // docs/spec.md §2: the code comes from ?code=, or else from the registration this browser session remembers.
  const [initialCode] = useState(() => codeParam ?? cleanCode(loadSubmittedRegistration()?.code));
  const [mode, setMode] = useState<SearchMode>('code');
  const [values, setValues] = useState<SearchValues>({ code: initialCode ?? '', email: '', phone: '' });
  const [search, setSearch] = useState<StatusLookupRequest | null>(() => (initialCode ? codeSearch(initialCode) : null));

  // A new ?code= while the page is open (a shared link, the header) starts that search.
  const [lastCodeParam, setLastCodeParam] = useState(codeParam);
  if (codeParam !== lastCodeParam) {
    setLastCodeParam(codeParam);
    if (codeParam) {
      setMode('code');
      setValues((current) => ({ ...current, code: codeParam }));
      setSearch(codeSearch(codeParam));
    }
  }

  const lookup = useStatusLookup(search);
  const searching = lookup.isFetching;
  const failed = lookup.isError && !searching;

  const submit = () => {
    const next: StatusLookupRequest =
      mode === 'code' ? codeSearch(values.code.trim().toUpperCase()) : { email: values.email.trim(), no_hp: values.phone.trim() };
    // The same search again asks the server again: the status may have changed since.
    if (JSON.stringify(next) === JSON.stringify(search)) void lookup.refetch();
    else setSearch(next);
  };

  return (
    <main className="status-receipt mx-auto w-full max-w-4xl px-4 py-12 print:max-w-none print:p-0">
      <div className="print:hidden">
        <h1 className="text-3xl font-bold">{T.title}</h1>
        <p className="mt-2 text-slate-600">{T.intro}</p>
      </div>
      <div className="mt-8 grid gap-8 print:mt-0">
        <StatusSearchForm
          mode={mode}
          values={values}
          searching={searching}
          message={failed ? failureMessage(lookup.error) : null}
          onModeChange={setMode}
          onChange={setValues}
          onSubmit={submit}
        />
        <div aria-live="polite" aria-busy={searching}>
          {searching ? (
            <StatusSkeleton />
          ) : failed ? (
            isNotFound(lookup.error) && <StatusNotFound />
          ) : (
            lookup.data && <StatusResultView result={lookup.data} />
          )}
        </div>
      </div>
    </main>
  );
}
