import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type DialogContentProps = {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the corner close button when the dialog must be answered with its own buttons. */
  hideClose?: boolean;
  /** A wide dialog, for a document preview. */
  wide?: boolean;
};

export function DialogContent({ title, description, children, className, hideClose, wide = false }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <RadixDialog.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
          wide ? 'max-w-3xl' : 'max-w-lg',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
        {description && <RadixDialog.Description className="mt-2 text-sm text-slate-600">{description}</RadixDialog.Description>}
        <div className="mt-4">{children}</div>
        {!hideClose && (
          <RadixDialog.Close
            className="absolute right-4 top-4 rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            aria-label="Tutup"
          >
            <X aria-hidden className="size-4" />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

type MountedDialogProps = { open: boolean; onClose: () => void; title: string; description?: ReactNode; children: ReactNode };

/** A dialog whose content is mounted only while it is open: each opening starts from a fresh form. */
export function MountedDialog({ open, onClose, title, description, children }: MountedDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent title={title} description={description}>
          {children}
        </DialogContent>
      )}
    </Dialog>
  );
}

type ItemDialogProps<Item> = {
  /** The item the dialog is about (a table's row); the dialog is open while there is one. */
  item: Item | null;
  onClose: () => void;
  title: string;
  description: (item: Item) => ReactNode;
  children: (item: Item) => ReactNode;
};

/** A MountedDialog about one item: its description and body are drawn from the item. */
export function ItemDialog<Item>({ item, onClose, title, description, children }: ItemDialogProps<Item>) {
  return (
    <MountedDialog open={item !== null} onClose={onClose} title={title} description={item !== null && description(item)}>
      {item !== null && children(item)}
    </MountedDialog>
  );
}

type DialogFormActionsProps = {
  /** The request is on its way: both buttons wait and the submit button says it is busy. */
  pending: boolean;
  /** The submit button's text. */
  children: ReactNode;
  /** The form still lacks a choice (a status, an admin). */
  incomplete?: boolean;
  danger?: boolean;
  autoFocus?: boolean;
};

/** A dialog form's buttons: 'Batal' closes the dialog, the other submits the form. */
export function DialogFormActions({ pending, children, incomplete = false, danger = false, autoFocus }: DialogFormActionsProps) {
  return (
    <div className="flex justify-end gap-2">
      <DialogClose asChild>
        <Button variant="ghost" disabled={pending}>
          Batal
        </Button>
      </DialogClose>
      <Button
        type="submit"
        variant={danger ? 'danger' : undefined}
        disabled={incomplete || pending}
        aria-busy={pending}
        autoFocus={autoFocus}
      >
        {children}
      </Button>
    </div>
  );
}
