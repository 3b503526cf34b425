import { useId } from 'react';
import { CHECK_KIND_LABELS, CHECK_RESULT_LABELS, type MachineCheck } from '../../../domain/machine-checks';
import { cn } from '../../lib/cn';

/** Green for a pass, amber for a warning or waiting, red for a failure or an unreadable document. */
const TONES: Record<MachineCheck['result'], string> = {
  lulus: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  peringatan: 'border-amber-300 bg-amber-50 text-amber-900',
  menunggu: 'border-slate-300 bg-slate-50 text-slate-700',
  gagal: 'border-red-300 bg-red-50 text-red-900',
  tidak_terbaca: 'border-red-300 bg-red-50 text-red-900',
};

/**
 * One machine check as a chip: its name and result in words (never colour alone), the detail in a tooltip
 * shown on hover and on keyboard focus, and read out through aria-describedby.
 */
export function CheckChip({ check }: { check: MachineCheck }) {
  const tipId = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-describedby={tipId}
        data-check={check.kind}
        data-result={check.result}
        className={cn(
          'rounded-full border px-2.5 py-0.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
          TONES[check.result],
        )}
      >
        {CHECK_KIND_LABELS[check.kind]}: {CHECK_RESULT_LABELS[check.result]}
      </button>
      <span
        role="tooltip"
        id={tipId}
        className="pointer-events-none absolute top-full left-0 z-20 mt-1 hidden w-64 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow group-focus-within:block group-hover:block"
      >
        {check.detail}
      </span>
    </span>
  );
}
