import { TriangleAlert } from 'lucide-react';

/** The list's mark of a merchant the machine checks warned about, with the number of warnings in words. */
export function CheckWarningsMark({ count }: { count: number }) {
  const text = `${count} peringatan pemeriksaan otomatis`;
  return (
    <span role="img" aria-label={text} title={text} className="inline-flex items-center gap-0.5 text-xs font-semibold text-amber-800">
      <TriangleAlert aria-hidden className="size-4" />
      {count}
    </span>
  );
}

/** 'Ada peringatan': the list narrowed to merchants with at least one machine-check warning. */
export function WarningsFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name="peringatan"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-brand-700"
      />
      Ada peringatan
    </label>
  );
}
