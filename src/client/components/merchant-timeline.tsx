import { Check, ExternalLink, X } from 'lucide-react';
import { formatDateTimeWib } from '../../domain/format';
import type { Shipment, TimelineEntry } from '../../domain/orders';
import { cn } from '../lib/cn';
import { shipmentLine, timelineRows, type TimelineRow } from './merchant-timeline-steps';

/** Only a web address is put in an href: a `javascript:` tracking link in an answer must not become a link. */
function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function Marker({ row }: { row: TimelineRow }) {
  const base = 'relative z-10 flex size-6 shrink-0 items-center justify-center rounded-full';
  if (row.state === 'pending') return <span aria-hidden className={cn(base, 'border-2 border-dashed border-slate-300 bg-white')} />;
  if (row.ending)
    return (
      <span aria-hidden className={cn(base, 'bg-red-600 text-white', row.state === 'current' && 'ring-4 ring-red-100')}>
        <X className="size-3.5" />
      </span>
    );
  if (row.state === 'current') {
    return (
      <span aria-hidden className={cn(base, 'bg-brand-600 text-white ring-4 ring-brand-100')}>
        <Check className="size-3.5" />
      </span>
    );
  }
  return (
    <span aria-hidden className={cn(base, 'bg-green-600 text-white')}>
      <Check className="size-3.5" />
    </span>
  );
}

type MerchantTimelineProps = {
  entries: readonly TimelineEntry[];
  /** The list's accessible name. */
  label: string;
  /** The order page's shipment: its `dikirim` step then shows the courier, resi and tracking link. */
  shipment?: Shipment | null;
};

/**
 * The merchant's one timeline, on the order page and the status page: each step with its WIB
 * time, the ones not reached greyed and read 'Belum', the current one marked (aria-current="step").
 */
export function MerchantTimeline({ entries, label, shipment = null }: MerchantTimelineProps) {
  const rows = timelineRows(entries);
  return (
    <ol aria-label={label} className="text-sm" data-testid="merchant-timeline">
      {rows.map((row, index) => {
        const shipped = row.step === 'dikirim' && row.at !== null && shipment !== null;
        // The server's words for the step (courier and resi on `dikirim`), else the page's own shipment.
        const detail = row.detail ?? (shipped ? shipmentLine(shipment) : null);
        return (
          <li
            key={`${row.step}-${index}`}
            className="relative flex gap-3 pb-5 last:pb-0"
            aria-current={row.state === 'current' ? 'step' : undefined}
            data-state={row.state}
          >
            {/* The rail to the next step: solid once that step is reached. */}
            {index < rows.length - 1 && (
              <span
                aria-hidden
                className={cn(
                  'absolute bottom-0 left-[11px] top-6 w-0.5',
                  rows[index + 1]!.state === 'pending' ? 'bg-slate-200' : 'bg-green-600',
                )}
              />
            )}
            <Marker row={row} />
            <div className="min-w-0 flex-1 pt-0.5">
              <p
                className={cn(
                  'flex flex-wrap items-center gap-x-2 gap-y-1',
                  row.state === 'pending' ? 'text-slate-500' : 'font-semibold text-slate-900',
                )}
              >
                {row.label}
                {row.state === 'current' && (
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      row.ending ? 'bg-red-100 text-red-800' : 'bg-brand-100 text-brand-800',
                    )}
                  >
                    Saat ini
                  </span>
                )}
              </p>
              {row.at !== null ? (
                <p className="text-slate-600">
                  <time dateTime={row.at}>{formatDateTimeWib(row.at)}</time>
                </p>
              ) : (
                <p className="text-xs text-slate-500">Belum</p>
              )}
              {detail && row.at !== null && <p className="mt-0.5 break-words text-slate-700">{detail}</p>}
              {shipped && shipment.tracking_url && isWebAddress(shipment.tracking_url) && (
                <a
                  href={shipment.tracking_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  Lacak paket <ExternalLink aria-hidden className="size-3.5" />
                  <span className="sr-only">(membuka tab baru)</span>
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
