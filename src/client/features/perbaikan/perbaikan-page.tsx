import { CheckCircle2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { DOCUMENT_SLOTS, type DocumentSlot } from '../../../domain/document-slots';
import type { FixRequestView } from '../../../domain/perbaikan';
import { FIX_FIELDS, fixTargetLabel, isFixField, PERBAIKAN_MESSAGES, type FixField } from '../../../domain/perbaikan-texts';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiRequestError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { usePublicSettings } from '../../lib/use-public-settings';
import { fetchFixRequest, submitFix } from './perbaikan-api';
import type { FixDocumentsState } from './perbaikan-documents';

// The form controls come with the wizard's field components (the register page's chunk): loaded once the
// link is known to be valid, so an expired link's page stays small and the first load within budget.
const FixFieldInput = lazy(async () => ({ default: (await import('./perbaikan-field-input')).FixFieldInput }));
// Shown only in maintenance mode (decision 0022): not part of the page's first load.
const MaintenanceNotice = lazy(async () => ({ default: (await import('../../components/maintenance-notice')).MaintenanceNotice }));
const FixDocuments = lazy(async () => ({ default: (await import('./perbaikan-documents')).FixDocuments }));

type PageState =
  { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'ready'; view: FixRequestView } | { kind: 'done'; code: string };

/** /perbaikan/<token>: the applicant fixes only what the admin flagged (decision 0018). */
export function FixPage() {
  const { token = '' } = useParams();
  usePageTitle('Perbaikan Data Pendaftaran');
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const settings = usePublicSettings();

  useEffect(() => {
    const controller = new AbortController();
    fetchFixRequest(token, controller.signal)
      .then((view) => setState({ kind: 'ready', view }))
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setState({ kind: 'invalid', message: error instanceof ApiRequestError ? error.message : PERBAIKAN_MESSAGES.invalidLink });
      });
    return () => controller.abort();
  }, [token]);

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Perbaikan Data Pendaftaran</h1>
      {state.kind === 'loading' && <p className="mt-6 text-slate-600">Memuat permintaan perbaikan...</p>}
      {state.kind === 'invalid' && (
        <Card className="mt-6 p-6" role="alert">
          <p className="font-semibold">{state.message}</p>
          <p className="mt-2 text-sm text-slate-600">Cek status pendaftaran Anda atau hubungi tim kami untuk tautan baru.</p>
          <Link to="/status" className={buttonVariants({ variant: 'secondary', className: 'mt-4' })}>
            Cek Status Pendaftaran
          </Link>
        </Card>
      )}
      {/* Maintenance (decision 0022): the server refuses fix submissions and uploads, so no form is offered. */}
      {state.kind === 'ready' && settings?.maintenance_mode && (
        <Suspense fallback={null}>
          <MaintenanceNotice />
        </Suspense>
      )}
      {state.kind === 'ready' && !settings?.maintenance_mode && (
        <FixForm
          token={token}
          view={state.view}
          onInvalid={(message) => setState({ kind: 'invalid', message })}
          onDone={(code) => setState({ kind: 'done', code })}
        />
      )}
      {state.kind === 'done' && <FixDone code={state.code} />}
    </main>
  );
}

function FixDone({ code }: { code: string }) {
  const link = `/status?code=${encodeURIComponent(code)}`;
  return (
    <Card className="mt-6 p-6" role="status">
      <p className="flex items-center gap-2 text-lg font-semibold text-green-800">
        <CheckCircle2 aria-hidden className="size-6" /> {PERBAIKAN_MESSAGES.submitted}
      </p>
      <p className="mt-2 text-sm">
        Kode Pendaftaran:{' '}
        <span className="font-mono font-medium" data-testid="kode-pendaftaran">
          {code}
        </span>
      </p>
      <p className="mt-1 text-sm">
        Tim kami akan memverifikasi ulang data Anda dalam 1-3 hari kerja. Tanda terima telah dikirim ke email Anda.
      </p>
      <Link to={link} className={buttonVariants({ className: 'mt-4' })}>
        Cek Status Pendaftaran
      </Link>
    </Card>
  );
}

type FormProps = { token: string; view: FixRequestView; onInvalid: (message: string) => void; onDone: (code: string) => void };

function initialValue(view: FixRequestView, field: FixField): string {
  // NIK and account number arrive masked: they are typed again whole.
  if (field === 'nik' || field === 'no_rekening') return '';
  const value = view.values[field];
  return value === null || value === undefined ? '' : String(value);
}

function FixForm({ token, view, onInvalid, onDone }: FormProps) {
  const reasons = new Map(view.perbaikan.map((item) => [item.field, item.alasan]));
  const fields = FIX_FIELDS.filter((field) => reasons.has(field));
  const slots = DOCUMENT_SLOTS.filter((slot) => reasons.has(slot));
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f, initialValue(view, f)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [documentsState, setDocumentsState] = useState<FixDocumentsState>({ ids: {}, uploading: false });

  const body = () => {
    const typed: Record<string, unknown> = {};
    for (const field of fields) {
      const value = values[field] ?? '';
      if (field === 'omset_per_bulan') typed[field] = value.trim() === '' ? Number.NaN : Number(value.replace(/\D/g, ''));
      else if (field === 'tempat_usaha') typed[field] = value === '' ? null : value;
      else typed[field] = value;
    }
    const documents: Partial<Record<DocumentSlot, string>> = { ...documentsState.ids };
    return { fields: typed, documents };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (documentsState.uploading) {
      setFormError('Tunggu hingga semua dokumen selesai diupload.');
      return;
    }
    const { fields: typed, documents } = body();
    // The wizard's own rules and messages (loaded with the first check, not with the page).
    const { FixFieldsSchema } = await import('../../../domain/perbaikan');
    const parsed = FixFieldsSchema.safeParse(typed);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    for (const slot of slots) if (!documents[slot]) found[slot] = PERBAIKAN_MESSAGES.documentMissing(fixTargetLabel(slot));
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    setSending(true);
    try {
      const answer = await submitFix(token, { fields: parsed.data, documents });
      onDone(answer.kode_pendaftaran);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return onInvalid(error.message);
      const target = error instanceof ApiRequestError ? error.field?.split('.')[1] : undefined;
      const message = error instanceof Error ? error.message : PERBAIKAN_MESSAGES.invalidLink;
      if (target && (isFixField(target) || reasons.has(target as DocumentSlot))) setErrors({ [target]: message });
      else setFormError(message);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 space-y-6" aria-label="Perbaikan data">
      <Card className="p-6">
        <p className="text-lg font-semibold">{view.nama_toko}</p>
        <p className="text-sm text-slate-600">
          Kode Pendaftaran: <span className="font-mono font-medium">{view.kode_pendaftaran}</span>
        </p>
        {view.catatan_admin && (
          <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm" role="note" aria-label="Catatan Admin">
            <p className="font-semibold">Catatan Admin</p>
            <p className="mt-1 whitespace-pre-line">{view.catatan_admin}</p>
          </div>
        )}
        <p className="mt-3 text-sm text-slate-600">Perbaiki data di bawah ini saja. Data lain yang sudah Anda kirim tetap tersimpan.</p>
      </Card>
      {fields.length > 0 && (
        <Card className="space-y-4 p-6">
          <h2 className="text-lg font-semibold">Data yang diperbaiki</h2>
          <Suspense fallback={<p className="text-sm text-slate-600">Memuat kolom data...</p>}>
            {fields.map((field) => (
              <FixFieldInput
                key={field}
                field={field}
                value={values[field] ?? ''}
                reason={reasons.get(field) ?? ''}
                current={view.values[field] ?? null}
                error={errors[field]}
                onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
              />
            ))}
          </Suspense>
        </Card>
      )}
      {slots.length > 0 && (
        <Suspense fallback={<p className="text-sm text-slate-600">Memuat kolom upload dokumen...</p>}>
          <FixDocuments slots={slots} reasons={reasons} errors={errors} onState={setDocumentsState} />
        </Suspense>
      )}
      {formError && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {formError}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={sending} aria-busy={sending}>
          Kirim Perbaikan
        </Button>
      </div>
    </form>
  );
}
