import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { MerchantDetail } from '../../../domain/merchants';
import { CLAIM_MESSAGES } from '../../../domain/review-claims';
import { DialogForm } from '../../components/dialog-form';
import { TextareaField } from '../../components/form-fields';
import { NoticeBar } from '../../components/notice-bar';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { merchantKeys, takeOverMerchant } from '../merchants/public';

const TakeoverFormSchema = z.object({
  alasan: z.string().trim().min(1, CLAIM_MESSAGES.takeoverReason).max(500, CLAIM_MESSAGES.takeoverReason),
});
type TakeoverForm = z.infer<typeof TakeoverFormSchema>;

/** Another admin holds the case: the screen is read-only, and 'Ambil Alih' takes it over with a reason. */
export function ClaimNotice({ merchant }: { merchant: MerchantDetail }) {
  const [open, setOpen] = useState(false);
  if (!merchant.diklaim_oleh) return null;
  return (
    <NoticeBar
      role="status"
      icon={Lock}
      action={
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="secondary" size="sm">
              Ambil Alih
            </Button>
          </DialogTrigger>
          {open && (
            <DialogContent
              title="Ambil Alih Tinjauan"
              description={`${CLAIM_MESSAGES.heldBy(merchant.diklaim_oleh.email)}. Alasan ambil alih dicatat di log audit.`}
            >
              <TakeoverForm merchantId={merchant.id} onDone={() => setOpen(false)} />
            </DialogContent>
          )}
        </Dialog>
      }
    >
      {CLAIM_MESSAGES.heldBy(merchant.diklaim_oleh.email)}. Keputusan dan perubahan hanya oleh admin tersebut.
    </NoticeBar>
  );
}

function TakeoverForm({ merchantId, onDone }: { merchantId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TakeoverForm>({ resolver: zodResolver(TakeoverFormSchema), defaultValues: { alasan: '' } });
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async ({ alasan }) => {
    setBusy(true);
    try {
      await takeOverMerchant(merchantId, alasan);
      await queryClient.invalidateQueries({ queryKey: merchantKeys.detail(merchantId) });
      toast.success('Tinjauan diambil alih');
      onDone();
    } catch (error) {
      toast.error('Gagal mengambil alih', { description: serverMessage(error) });
    } finally {
      setBusy(false);
    }
  });
  return (
    <DialogForm form={form} onSubmit={submit} label="Ambil alih tinjauan" pending={busy} submitText="Ambil Alih">
      <TextareaField name="alasan" label="Alasan ambil alih" required maxLength={500} hint="Misalnya: peninjau sebelumnya sedang cuti." />
    </DialogForm>
  );
}

/** A first 'verified' waits for another admin's. */
export function SecondApprovalNotice({ merchant, selfEmail }: { merchant: MerchantDetail; selfEmail: string | undefined }) {
  if (!merchant.persetujuan_kedua.menunggu) return null;
  const by = merchant.persetujuan_kedua.oleh;
  const mine = by !== null && by === selfEmail;
  return (
    <p role="status" className="flex items-center gap-2 rounded-xl border border-lime-400 bg-lime-50 p-3 text-sm text-lime-950">
      <UsersRound aria-hidden className="size-4 shrink-0" />
      {CLAIM_MESSAGES.waitingSecond}
      {by ? `: disetujui pertama oleh ${by}` : ''}
      {mine ? '. Persetujuan kedua harus oleh admin lain.' : ''}
    </p>
  );
}
