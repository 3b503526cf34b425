import { AlertTriangle, CheckCircle2, Clock, Info, XCircle, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { formatDateTimeWib } from '../../../domain/format';
import { isMaskedEmail } from '../../../domain/masking';
import type { StatusResult } from '../../../domain/status-lookup';
import { STATUS_MESSAGES, STATUS_NOTES, STATUS_PAGE_TEXTS as T } from '../../../domain/status-texts';
import { STATUS_LABELS, type MerchantStatus } from '../../../domain/vocabularies';
import { CopyableValue } from '../../components/copy-button';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { StatusActions } from './status-actions';

// Orders show for few askers (receipt or e-mail plus phone): their module, which /shop shares, loads
// then, so it never joins the chunk every landing page downloads (/register's budget).
const StatusOrders = lazy(async () => ({ default: (await import('./status-orders')).StatusOrders }));
// The timeline likewise: the same askers only, and the order page shares its module.
const StatusTimeline = lazy(async () => ({ default: (await import('./status-timeline')).StatusTimeline }));

const STATUS_STYLE: Record<MerchantStatus, { badge: string; panel: string; icon: LucideIcon }> = {
  processing: { badge: 'bg-amber-100 text-amber-800', panel: 'border-amber-200 bg-amber-50 text-amber-900', icon: Clock },
  verified: { badge: 'bg-green-100 text-green-800', panel: 'border-green-200 bg-green-50 text-green-900', icon: CheckCircle2 },
  rejected: { badge: 'bg-red-100 text-red-800', panel: 'border-red-200 bg-red-50 text-red-900', icon: XCircle },
  data_tidak_lengkap: {
    badge: 'bg-orange-100 text-orange-800',
    panel: 'border-orange-200 bg-orange-50 text-orange-900',
    icon: AlertTriangle,
  },
};

/** docs/spec.md §2: an empty value reads '-'. */
function orDash(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : '-';
}

function address(result: StatusResult): string {
  const parts = [result.alamat_jalan, result.kecamatan, result.kota_kab, result.provinsi, result.kode_pos].filter(
    (p) => p && p.trim() !== '',
  );
  return orDash(parts.join(', '));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="break-inside-avoid">
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <dl className="space-y-3 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function StatusResultView({ result }: { result: StatusResult }) {
  const style = STATUS_STYLE[result.status];
  const message = STATUS_MESSAGES[result.status];
  const Icon = style.icon;
  return (
    <Card className="p-6 print:border-0 print:p-0 print:shadow-none" role="region" aria-labelledby="hasil-status">
      <div className="hidden print:mb-4 print:block">
        <p className="text-xl font-bold">{T.receiptTitle}</p>
        <p className="text-xs text-slate-600">
          {T.receiptPrinted}: {formatDateTimeWib(new Date())}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="hasil-status" className="text-xl font-semibold">
          {orDash(result.nama_toko)}
        </h2>
        <Badge size="md" colours={style.badge} data-testid="status-badge">
          {T.statusLabel}: {STATUS_LABELS[result.status]}
        </Badge>
      </div>

      <div className={cn('mt-4 flex gap-3 rounded-lg border p-4', style.panel)} data-testid="status-message">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">{message.title}</p>
          <p className="mt-1 text-sm">{message.body}</p>
        </div>
      </div>

      {result.alasan && result.alasan.length > 0 && (
        <section className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" aria-label="Alasan">
          <h3 className="font-semibold">Alasan</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="status-reasons">
            {result.alasan.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      )}

      {result.catatan_admin && (
        <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" role="note" aria-label={T.adminNote}>
          <p className="font-semibold">{T.adminNote}</p>
          <p className="mt-1 whitespace-pre-line">{result.catatan_admin}</p>
        </div>
      )}

      {result.status === 'data_tidak_lengkap' && result.perbaikan && result.perbaikan.length > 0 && (
        <section
          className="mt-4 rounded-lg border border-orange-200 bg-orange-50 p-4 text-sm text-orange-900"
          aria-label="Yang perlu diperbaiki"
        >
          <h3 className="font-semibold">Yang perlu diperbaiki</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="fix-reasons">
            {result.perbaikan.map((item) => (
              <li key={item.field}>
                <span className="font-medium">{item.label}</span>: {item.alasan}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs">Tautan untuk memperbaiki data telah dikirim ke email Anda.</p>
        </section>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-3 print:grid-cols-3">
        <Section title={T.storeSection}>
          <Row label={T.storeName}>{orDash(result.nama_toko)}</Row>
          <Row label={T.category}>{orDash(result.kategori_usaha)}</Row>
          <Row label={T.city}>{orDash(result.kota_kab)}</Row>
        </Section>
        <Section title={T.ownerSection}>
          <Row label={T.ownerName}>{orDash(result.nama_pemilik)}</Row>
          <Row label={T.email}>
            <span className="break-all">{orDash(result.email)}</span>
          </Row>
          <Row label={T.phone}>{orDash(result.no_hp)}</Row>
        </Section>
        <Section title={T.registrationSection}>
          <Row label={T.code}>
            <CopyableValue
              value={result.kode_pendaftaran}
              label={T.copyCode}
              testId="kode-pendaftaran"
              className="inline-flex items-center gap-1"
              valueClassName="font-mono text-base tracking-wider"
            />
          </Row>
          <Row label={T.submittedAt}>{formatDateTimeWib(result.submitted_at)}</Row>
          {/* Only the registering browser gets the street address (UU PDP); others see no address row. */}
          {result.alamat_jalan !== null && <Row label={T.address}>{address(result)}</Row>}
        </Section>
      </div>

      {result.timeline && result.timeline.length > 0 && (
        <Suspense fallback={null}>
          <StatusTimeline entries={result.timeline} />
        </Suspense>
      )}

      {result.pesanan && result.pesanan.length > 0 && (
        <Suspense fallback={null}>
          <StatusOrders orders={result.pesanan} />
        </Suspense>
      )}

      {isMaskedEmail(result.email) && (
        <p className="mt-4 flex gap-2 text-xs text-slate-500 print:hidden">
          <Info aria-hidden className="size-4 shrink-0" />
          {T.maskedHint}
        </p>
      )}

      <section aria-label={T.notesTitle} className="mt-6 rounded-lg bg-brand-50 p-4 text-sm text-brand-800 break-inside-avoid">
        <h3 className="font-semibold">{T.notesTitle}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {STATUS_NOTES.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>

      <StatusActions result={result} />
    </Card>
  );
}
