import { ConfirmDialog } from '../../components/ui/alert-dialog';

type RestartDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
};

/** Mulai dari awal (decision 0021): the draft holds typed identity data and uploads, so clearing it is confirmed. */
export function RestartDialog({ open, onOpenChange, onConfirm }: RestartDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mulai dari awal?"
      description="Semua data yang sudah diisi dan dokumen yang sudah diunggah pada pendaftaran ini akan dihapus dari browser ini."
      confirmLabel="Ya, mulai dari awal"
      onConfirm={onConfirm}
      destructive
    />
  );
}
