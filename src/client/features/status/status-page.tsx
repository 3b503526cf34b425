import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { STATUS_FORM_TEXTS as T } from '../../../domain/status-form-texts';
import type { StatusLookupRequest } from '../../../domain/status-lookup';
import { ApiRequestError } from '../../lib/api-client';
import { isNotFound } from '../../lib/api-errors';
import { loadSubmittedRegistration, receiptTokenFor } from '../../lib/registration-session';
import { usePageTitle } from '../../lib/use-page-title';
import type { LookupState } from './status-lookup';
import './status-print.css';
import { StatusSearchForm, type SearchMode, type SearchValues } from './status-search-form';
import { StatusSkeleton } from './status-skeleton';
import type { StatusSearch } from './use-status-lookup';

const loadLookup = () => import('./status-lookup');
const StatusLookup = lazy(async () => ({ default: (await loadLookup()).StatusLookupWithQueries }));

function cleanCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code ? code : null;
}

/** A code search carries this browser's receipt token when the code is the one it registered. */
function codeSearch(code: string): StatusLookupRequest {
  const receiptToken = receiptTokenFor(code);
  return receiptToken ? { kode_pendaftaran: code, receipt_token: receiptToken } : { kode_pendaftaran: code };
}

function failureMessage(error: unknown): string | null {
  if (!error) return null;
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
  const [search, setSearch] = useState<StatusSearch | null>(() => (initialCode ? { request: codeSearch(initialCode), attempt: 1 } : null));
  const [lookup, setLookup] = useState<LookupState>({ attempt: 0, searching: false, error: null });
  const startSearch = (request: StatusLookupRequest) => setSearch((current) => ({ request, attempt: (current?.attempt ?? 0) + 1 }));

  // A new ?code= while the page is open (a shared link, the header) starts that search.
  const [lastCodeParam, setLastCodeParam] = useState(codeParam);
  if (codeParam !== lastCodeParam) {
    setLastCodeParam(codeParam);
    if (codeParam) {
      setMode('code');
      setValues((current) => ({ ...current, code: codeParam }));
      startSearch(codeSearch(codeParam));
    }
  }

  // A search the lookup has not reported on yet is in flight too (its chunk may still be loading).
  const current = search !== null && lookup.attempt === search.attempt;
  const searching = search !== null && (!current || lookup.searching);

  const submit = () =>
    startSearch(
      mode === 'code' ? codeSearch(values.code.trim().toUpperCase()) : { email: values.email.trim(), no_hp: values.phone.trim() },
    );

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
          message={current && !searching ? failureMessage(lookup.error) : null}
          onModeChange={setMode}
          onChange={setValues}
          onSubmit={submit}
          // The visitor is about to search: fetch the lookup's chunk while they type.
          onFocus={() => void loadLookup()}
        />
        <div aria-live="polite" aria-busy={searching}>
          {search && (
            <Suspense fallback={<StatusSkeleton />}>
              <StatusLookup search={search} onStateChange={setLookup} />
            </Suspense>
          )}
        </div>
      </div>
    </main>
  );
}
