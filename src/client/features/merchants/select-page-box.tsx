import { Checkbox } from '../../components/ui/input';
import type { RowSelection } from './use-row-selection';

/** Selects or clears every row of the shown page for the bulk bar. */
export function SelectPageBox({ selection, count }: { selection: RowSelection; count: number }) {
  if (count === 0) return null;
  const all = selection.selected.size === count;
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      <Checkbox name="pilih_semua" checked={all} onChange={selection.toggleAll} />
      Pilih semua di halaman ini
    </label>
  );
}
