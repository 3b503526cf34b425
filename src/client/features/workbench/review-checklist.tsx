import { DOCUMENT_SLOT_INFO, type DocumentSlot } from '../../../domain/document-slots';
import { CHECKLIST_LABELS, type ChecklistEntry, type ReviewChecklist } from '../../../domain/workbench';

type ChecklistItem = ChecklistEntry;
const EMPTY: ChecklistItem = { readable: false, matches: false };
const CHECKS = ['readable', 'matches'] as const satisfies readonly (keyof ChecklistItem)[];

/** The slots whose two boxes are both ticked. */
export function checkedSlots(checklist: ReviewChecklist): Set<DocumentSlot> {
  return new Set(
    (Object.entries(checklist) as [DocumentSlot, ChecklistItem | undefined][])
      .filter(([, item]) => item?.readable && item.matches)
      .map(([slot]) => slot),
  );
}

type ReviewChecklistProps = { slot: DocumentSlot; checklist: ReviewChecklist; onChange: (checklist: ReviewChecklist) => void };

/** The open document's two checks, recorded with the decision. */
export function ReviewChecklistFields({ slot, checklist, onChange }: ReviewChecklistProps) {
  const item = checklist[slot] ?? EMPTY;
  const set = (change: Partial<ChecklistItem>) => onChange({ ...checklist, [slot]: { ...item, ...change } });
  const label = DOCUMENT_SLOT_INFO[slot].label;
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold">Checklist {label}</legend>
      <div className="flex flex-wrap gap-6">
        {CHECKS.map((check) => (
          <label key={check} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              name={`checklist.${slot}.${check}`}
              checked={item[check]}
              onChange={(event) => set({ [check]: event.target.checked })}
            />
            {CHECKLIST_LABELS[check]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
