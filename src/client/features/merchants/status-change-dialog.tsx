import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { MESSAGES } from '../../../domain/messages';
import { STATUS_LABELS, type MerchantStatus } from '../../../domain/vocabularies';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect, Textarea } from '../../components/ui/input';
import { serverMessage } from './error-text';
import type { MerchantRef } from './merchant-ref';
import { useChangeStatus } from './use-merchant-mutations';

/** SPEC §4: from processing the dialog offers these three. */
const TARGET_STATUSES = ['verified', 'rejected', 'data_tidak_lengkap'] as const satisfies readonly MerchantStatus[];

type StatusChangeDialogProps = {
  merchant: MerchantRef | null;
  onClose: () => void;
};

export function StatusChangeDialog({ merchant, onClose }: StatusChangeDialogProps) {
  return (
    <Dialog open={merchant !== null} onOpenChange={(open) => !open && onClose()}>
      {merchant && (
        <DialogContent
          title="Ubah Status Merchant"
          description={
            <>
              {merchant.nama_toko} ({merchant.kode_pendaftaran}) saat ini berstatus {STATUS_LABELS[merchant.status]}.
            </>
          }
        >
          {/* Keyed by merchant: opening the dialog for another row starts with an empty form. */}
          <StatusChangeForm key={merchant.id} merchant={merchant} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function StatusChangeForm({ merchant, onDone }: { merchant: MerchantRef; onDone: () => void }) {
  const [status, setStatus] = useState<MerchantStatus | ''>('');
  const [note, setNote] = useState('');
  const [missingStatus, setMissingStatus] = useState(false);
  const change = useChangeStatus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === '') {
      setMissingStatus(true);
      return;
    }
    // SPEC §5: an empty note is stored as null.
    const catatan = note.trim() === '' ? null : note.trim();
    change.mutate(
      { id: merchant.id, change: { status, catatan_admin: catatan } },
      {
        onSuccess: () => {
          toast.success(MESSAGES.statusChangeSuccess);
          onDone();
        },
        onError: (error) => {
          toast.error(MESSAGES.statusChangeFailed, { description: serverMessage(error) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Status Baru" required error={missingStatus && status === '' ? MESSAGES.chooseStatus : undefined}>
        {({ id, describedBy, invalid }) => (
          <NativeSelect
            id={id}
            name="status"
            value={status}
            onChange={(event) => setStatus(event.target.value as MerchantStatus | '')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required
          >
            <option value="">Pilih status</option>
            {TARGET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Catatan Admin (opsional)" hint="Catatan ini dapat dilihat merchant di halaman Cek Status.">
        {({ id, describedBy }) => (
          <Textarea id={id} name="catatan_admin" rows={3} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} aria-describedby={describedBy} />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="ghost" disabled={change.isPending}>
            Batal
          </Button>
        </DialogClose>
        <Button type="submit" disabled={status === '' || change.isPending} aria-busy={change.isPending}>
          Simpan
        </Button>
      </div>
    </form>
  );
}
