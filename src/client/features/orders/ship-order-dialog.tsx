import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COURIER_LABELS, COURIERS, ShipRequestSchema, type OrderAdminDetail, type ShipRequest } from '../../../domain/orders';
import { SelectField, TextField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { ORDER_TEXTS } from './order-texts';
import { useShipOrder } from './use-order-mutations';

const COURIER_CHOICES = COURIERS.map((kurir) => ({ value: kurir, label: COURIER_LABELS[kurir] }));
const FIELDS: readonly string[] = ['kurir', 'no_resi'];

type ShipForm = z.input<typeof ShipRequestSchema>;
type ShipOrderDialogProps = { order: OrderAdminDetail; open: boolean; onClose: () => void };

/** 'Kirim': the packed order leaves with a courier; the merchant is mailed the resi and its tracking link. */
export function ShipOrderDialog({ order, open, onClose }: ShipOrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent
          title="Kirim Pesanan"
          description={
            <>
              Pesanan <span className="font-mono">{order.kode_pesanan}</span> ke {order.pengiriman.nama_penerima},{' '}
              {order.pengiriman.kota_kab}.
            </>
          }
        >
          <ShipOrderForm order={order} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ShipOrderForm({ order, onDone }: { order: OrderAdminDetail; onDone: () => void }) {
  const form = useForm<ShipForm, unknown, ShipRequest>({ resolver: zodResolver(ShipRequestSchema), defaultValues: { no_resi: '' } });
  const ship = useShipOrder();

  const submit = form.handleSubmit((values) =>
    ship.mutateAsync({ id: order.id, body: values }).then(
      () => {
        toast.success(ORDER_TEXTS.orderShipped);
        onDone();
      },
      (error: unknown) => {
        // A refused field belongs under it; anything else (409: the order moved on) is a toast.
        if (error instanceof ApiRequestError && error.status === 400 && error.field && FIELDS.includes(error.field)) {
          form.setError(error.field as keyof ShipForm, { message: error.message }, { shouldFocus: true });
          return;
        }
        toast.error(ORDER_TEXTS.orderShipFailed, { description: serverMessage(error) });
        if (error instanceof ApiRequestError && error.status === 409) onDone();
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Kirim pesanan" className="space-y-4">
        <SelectField name="kurir" label="Kurir" required options={COURIER_CHOICES} placeholder="Pilih kurir" />
        <TextField name="no_resi" label="Nomor resi" required autoComplete="off" maxLength={40} hint="6-40 huruf dan angka, tanpa spasi." />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost" disabled={ship.isPending}>
              Batal
            </Button>
          </DialogClose>
          <Button type="submit" disabled={ship.isPending} aria-busy={ship.isPending}>
            Kirim
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
