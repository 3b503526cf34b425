import { MERCHANT_MESSAGES } from '../../../domain/merchants';
import { MESSAGES } from '../../../domain/messages';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import type { MerchantRef } from './merchant-ref';
import { useDeleteMerchant } from './use-merchant-mutations';

type DeleteMerchantDialogProps = {
  merchant: MerchantRef | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** docs/spec.md §2 'Hapus Merchant?': a soft delete, so the text says the data can still be restored. */
export function DeleteMerchantDialog({ merchant, onClose, onDeleted }: DeleteMerchantDialogProps) {
  const remove = useDeleteMerchant();
  const confirm = () => {
    if (!merchant) return;
    remove.mutate(merchant.id, {
      onSuccess: () => {
        toast.success(MERCHANT_MESSAGES.deleted);
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        toast.error(MESSAGES.deleteFailed, { description: serverMessage(error) });
      },
    });
  };
  return (
    <ConfirmDialog
      open={merchant !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Hapus Merchant?"
      description={
        <>
          Merchant <strong>{merchant?.nama_toko}</strong> ({merchant?.kode_pendaftaran}) akan dihapus dari daftar. Data tidak dihapus
          permanen dan masih dapat dipulihkan sampai dihapus oleh retensi data (bawaan: 30 hari setelah penghapusan).
        </>
      }
      confirmLabel="Hapus"
      onConfirm={confirm}
      pending={remove.isPending}
      destructive
    />
  );
}
