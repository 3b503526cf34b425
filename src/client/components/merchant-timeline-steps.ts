import { TIMELINE_STEP_LABELS, type TimelineStep } from '../../domain/order-texts';
// Types only: the schemas (and zod) stay out of the public pages' bundles.
import type { Shipment, TimelineEntry } from '../../domain/orders';

/** Reached before the current step, the current step (the last one reached), or not reached yet. */
type TimelineStepState = 'done' | 'current' | 'pending';

export type TimelineRow = {
  step: TimelineStep;
  label: string;
  at: string | null;
  /** The server's detail of the step: courier and resi on `dikirim`. */
  detail: string | null;
  state: TimelineStepState;
  /** A step that ends the story badly (rejected, expired, cancelled): marked red, not green. */
  ending: boolean;
};

const ENDING_STEPS: ReadonlySet<TimelineStep> = new Set(['ditolak', 'kedaluwarsa', 'dibatalkan']);

/**
 * The timeline as its list shows it, in the server's order. The current step is the last one with a
 * time; a step without one is not reached, even when a later one was (it is shown greyed, never ticked).
 */
export function timelineRows(entries: readonly TimelineEntry[]): TimelineRow[] {
  const current = entries.findLastIndex((entry) => entry.at !== null);
  return entries.map((entry, index) => ({
    step: entry.step,
    label: TIMELINE_STEP_LABELS[entry.step],
    at: entry.at,
    detail: entry.detail ?? null,
    state: index === current ? 'current' : entry.at !== null && index < current ? 'done' : 'pending',
    ending: ENDING_STEPS.has(entry.step),
  }));
}

/** The `dikirim` step's line from the order's shipment, for an answer whose step carries no detail. */
export function shipmentLine(shipment: Pick<Shipment, 'kurir_label' | 'no_resi'>): string {
  return `${shipment.kurir_label} · resi ${shipment.no_resi}`;
}
