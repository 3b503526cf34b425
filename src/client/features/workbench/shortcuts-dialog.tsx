import { Dialog, DialogContent } from '../../components/ui/dialog';
import { REVIEW_SHORTCUTS } from './review-shortcuts';

/** '?': the review screen's keys, for everyone (the buttons also carry aria-keyshortcuts). */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Pintasan Keyboard" description="Pintasan tidak berlaku saat mengetik di kolom isian.">
        <dl className="divide-y divide-slate-100 text-sm">
          {REVIEW_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.keys} className="flex items-center justify-between gap-4 py-2">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono text-xs">{shortcut.keys}</kbd>
              </dt>
              <dd>{shortcut.label}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
