import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { buttonVariants } from './button';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Called on confirm; the dialog stays open (and the buttons disabled) while `pending`. */
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
};

/**
 * A question that must be answered: no close corner, Escape and Batal cancel, focus starts on Batal so
 * a stray Enter never confirms a destructive action.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Batal',
  onConfirm,
  pending,
  destructive,
}: ConfirmDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixAlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <RadixAlertDialog.Title className="text-lg font-semibold">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="mt-2 text-sm text-slate-600">{description}</RadixAlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <RadixAlertDialog.Cancel className={buttonVariants({ variant: 'ghost' })} disabled={pending}>
              {cancelLabel}
            </RadixAlertDialog.Cancel>
            {/* Not RadixAlertDialog.Action: that closes at once, before the request has answered. */}
            <button
              type="button"
              className={cn(buttonVariants({ variant: destructive ? 'danger' : 'primary' }))}
              onClick={onConfirm}
              disabled={pending}
              aria-busy={pending}
            >
              {confirmLabel}
            </button>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
