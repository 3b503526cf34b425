import type { AdminStats } from '../../../domain/workbench';
import { linePoints, niceMax } from './chart-scale';

const WIDTH = 600;
const HEIGHT = 160;
const SERIES = [
  { key: 'registrations', label: 'Pendaftaran', colour: 'stroke-brand-600', swatch: 'bg-brand-600' },
  { key: 'decisions', label: 'Keputusan', colour: 'stroke-amber-500', swatch: 'bg-amber-500' },
] as const;

/** 2026-11-25 as 25/11: short enough for an axis. */
function shortDate(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
}

/**
 * Registrations and decisions per day over 30 days: a small SVG of our own (no chart library: this is
 * the admin chunk, and two lines need none). The numbers are also a table, for reading them exactly.
 */
export function DailyChart({ days }: { days: AdminStats['per_day'] }) {
  const top = niceMax(Math.max(0, ...days.flatMap((day) => [day.registrations, day.decisions])));
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const totals = SERIES.map((series) => `${series.label} ${days.reduce((sum, day) => sum + day[series.key], 0)}`).join(', ');
  return (
    <figure className="space-y-2">
      <div className="flex gap-3">
        <div className="flex flex-col justify-between text-right text-xs text-slate-500" aria-hidden>
          <span>{top}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-40 w-full overflow-visible"
          preserveAspectRatio="none"
          role="img"
          aria-label={`Grafik 30 hari terakhir: ${totals}`}
        >
          <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-slate-300" strokeWidth={1} />
          <line x1={0} y1={0} x2={WIDTH} y2={0} className="stroke-slate-200" strokeWidth={1} strokeDasharray="4 4" />
          {SERIES.map((series) => (
            <polyline
              key={series.key}
              fill="none"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              className={series.colour}
              points={linePoints(
                days.map((day) => day[series.key]),
                top,
                WIDTH,
                HEIGHT,
              )}
            />
          ))}
        </svg>
      </div>
      {first && last && (
        <div className="flex justify-between pl-8 text-xs text-slate-500" aria-hidden>
          <span>{shortDate(first)}</span>
          <span>{shortDate(last)}</span>
        </div>
      )}
      <figcaption className="flex flex-wrap gap-4 text-sm">
        {SERIES.map((series) => (
          <span key={series.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden className={`inline-block size-3 rounded-sm ${series.swatch}`} /> {series.label} per hari
          </span>
        ))}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700">Tampilkan sebagai tabel</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1 font-medium">Tanggal</th>
              <th className="py-1 font-medium">Pendaftaran</th>
              <th className="py-1 font-medium">Keputusan</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t border-slate-100">
                <td className="py-1">{day.date}</td>
                <td className="py-1 tabular-nums">{day.registrations}</td>
                <td className="py-1 tabular-nums">{day.decisions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
