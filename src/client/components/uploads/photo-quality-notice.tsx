import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { PHOTO_PROBLEM_TEXTS, PHOTO_QUALITY_TEXTS, type PhotoProblem } from '../../../domain/photo-quality-texts';
import { Button } from '../ui/button';

type PhotoQualityNoticeProps = {
  label: string;
  masalah: readonly PhotoProblem[];
  /** The applicant chose 'Tetap Gunakan': only a small note stays. */
  kept: boolean;
  onReplace: () => void;
  onKeep: () => void;
};

/**
 * The server's quality warning under an upload slot (decision 0035), loaded only when there is one: the
 * wizard's first load stays within its budget. A warning never blocks: 'Ganti Foto' opens the file
 * chooser again, 'Tetap Gunakan' keeps the photo (the reviewer is told, from the server's own record).
 */
export function PhotoQualityNotice({ label, masalah, kept, onReplace, onKeep }: PhotoQualityNoticeProps) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The button just pressed is gone: the keyboard continues from the note that replaced it.
    if (kept) note.current?.focus();
  }, [kept]);

  if (kept) {
    return (
      <p ref={note} tabIndex={-1} className="text-xs text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600">
        {PHOTO_QUALITY_TEXTS.kept}
      </p>
    );
  }
  return (
    <div
      role="group"
      aria-label={`Peringatan foto ${label}`}
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <div role="alert" className="space-y-1">
        {masalah.map((problem) => (
          <p key={problem} className="flex items-start gap-2">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {PHOTO_PROBLEM_TEXTS[problem]}
          </p>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onReplace}>
          {PHOTO_QUALITY_TEXTS.replace}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onKeep}>
          {PHOTO_QUALITY_TEXTS.keep}
        </Button>
      </div>
    </div>
  );
}
