import { zodResolver } from '@hookform/resolvers/zod';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ExportAlasanSchema } from '../../../domain/qris';
import { DialogForm } from '../../components/dialog-form';
import { TextareaField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';

const QRIS_EXPORT_FAILED = 'Gagal mengekspor data QRIS';

const AlasanFormSchema = z.object({ alasan: ExportAlasanSchema });
type AlasanForm = z.input<typeof AlasanFormSchema>;

function qrisExportUrl(alasan: string): string {
  return `/api/admin/merchants/export?${new URLSearchParams({ format: 'qris', alasan }).toString()}`;
}

/**
 * 'Ekspor QRIS': the verified merchants for the acquirer, NIK and account numbers included. The reason
 * is asked first and kept in the audit trail; the server refuses an admin without a second factor.
 */
export function QrisExportButton() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <FileDown aria-hidden /> Ekspor QRIS
        </Button>
      </DialogTrigger>
      {open && (
        <DialogContent
          title="Ekspor Data QRIS"
          description="Berkas berisi merchant terverifikasi beserta NIK dan nomor rekening untuk pengajuan NMID. Alasan ekspor dicatat di log audit."
        >
          <QrisExportForm onDone={() => setOpen(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function QrisExportForm({ onDone }: { onDone: () => void }) {
  const form = useForm<AlasanForm>({ resolver: zodResolver(AlasanFormSchema), defaultValues: { alasan: '' } });
  const [busy, setBusy] = useState(false);

  const submit = form.handleSubmit(async ({ alasan }) => {
    setBusy(true);
    try {
      await downloadFile(qrisExportUrl(alasan), 'qris-merchants.csv');
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400 && error.field === 'alasan') {
        form.setError('alasan', { message: error.message }, { shouldFocus: true });
        return;
      }
      // 403 (no second factor) and 409 (an MCC still to choose) carry what to do: the toast shows it.
      toast.error(QRIS_EXPORT_FAILED, { description: serverMessage(error) });
    } finally {
      setBusy(false);
    }
  });

  return (
    <DialogForm form={form} onSubmit={submit} label="Ekspor data QRIS" pending={busy} submitText="Unduh CSV">
      <TextareaField
        name="alasan"
        label="Alasan ekspor"
        required
        maxLength={500}
        hint="3-500 karakter, misalnya pengajuan NMID ke acquirer."
      />
    </DialogForm>
  );
}
