import { useCallback, useMemo, useState } from 'react';

/** Ids between two rows of the shown order, both ends included (a Shift-click selects the range). */
export function rangeBetween(order: readonly string[], from: string, to: string): string[] {
  const a = order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0 || b < 0) return [to];
  return order.slice(Math.min(a, b), Math.max(a, b) + 1);
}

export type RowSelection = {
  selected: ReadonlySet<string>;
  /** A click on a row's box; with Shift, every row from the last clicked one takes the clicked one's new state. */
  toggle: (id: string, shift: boolean) => void;
  toggleAll: () => void;
  clear: () => void;
};

/** The rows chosen on the shown page for the bulk bar. */
export function useRowSelection(order: readonly string[]): RowSelection {
  const [chosen, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  // Another page or filter: only the rows shown count as selected.
  const selected = useMemo(() => new Set(order.filter((id) => chosen.has(id))), [order, chosen]);
  const toggle = useCallback(
    (id: string, shift: boolean) => {
      setSelected((current) => {
        const next = new Set(current);
        const on = !current.has(id);
        for (const row of shift && anchor ? rangeBetween(order, anchor, id) : [id]) {
          if (on) next.add(row);
          else next.delete(row);
        }
        return next;
      });
      setAnchor(id);
    },
    [anchor, order],
  );
  const toggleAll = useCallback(
    () => setSelected((current) => (order.every((id) => current.has(id)) ? new Set() : new Set(order))),
    [order],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, toggleAll, clear };
}
