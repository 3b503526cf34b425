import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COURIER_LABELS, COURIERS, ShipRequestSchema, type OrderAdminDetail, type ShipRequest } from '../../../domain/orders';
import { SelectField, TextField } from '../../components/form-fields';
import { DialogFormActions, MountedDialog } from '../../components/ui/dialog';
import { settleOrderAction } from './order-action-outcome';
import { ORDER_TEXTS } from './order-texts';
import { useShipOrder } from './use-order-mutations';

const COURIER_CHOICES = COURIERS.map((kurir) => ({ value: kurir, label: COURIER_LABELS[kurir] }));
const FIELDS: readonly string[] = ['kurir', 'no_resi'];

type ShipForm = z.input<typeof ShipRequestSchema>;
type ShipOrderDialogProps = { order: OrderAdminDetail; open: boolean; onClose: () => void };

/** 'Kirim': the packed order leaves with a courier; the merchant is mailed the resi and its tracking link. */
export function ShipOrderDialog({ order, open, onClose }: ShipOrderDialogProps) {
  return (
    <MountedDialog
      open={open}
      onClose={onClose}
      title="Kirim Pesanan"
      description={
        <>
          Pesanan <span className="font-mono">{order.kode_pesanan}</span> ke {order.pengiriman.nama_penerima}, {order.pengiriman.kota_kab}.
        </>
      }
    >
      <ShipOrderForm order={order} onDone={onClose} />
    </MountedDialog>
  );
}

function ShipOrderForm({ order, onDone }: { order: OrderAdminDetail; onDone: () => void }) {
  const form = useForm<ShipForm, unknown, ShipRequest>({ resolver: zodResolver(ShipRequestSchema), defaultValues: { no_resi: '' } });
  const ship = useShipOrder();

  const submit = form.handleSubmit((values) =>
    settleOrderAction(ship.mutateAsync({ id: order.id, body: values }), {
      form,
      fieldOf: (error) => (error.status === 400 && error.field && FIELDS.includes(error.field) ? (error.field as keyof ShipForm) : null),
      doneText: ORDER_TEXTS.orderShipped,
      failedText: ORDER_TEXTS.orderShipFailed,
      onDone,
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Kirim pesanan" className="space-y-4">
        <SelectField name="kurir" label="Kurir" required options={COURIER_CHOICES} placeholder="Pilih kurir" />
        <TextField name="no_resi" label="Nomor resi" required autoComplete="off" maxLength={40} hint="6-40 huruf dan angka, tanpa spasi." />
        <DialogFormActions pending={ship.isPending}>Kirim</DialogFormActions>
      </form>
    </FormProvider>
  );
}
