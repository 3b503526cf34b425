import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COURIER_LABELS, COURIERS, ShipRequestSchema, type ShipRequest } from '../../../domain/orders';
import { DialogForm } from '../../components/dialog-form';
import { SelectField, TextField } from '../../components/form-fields';
import { settleOrderAction } from './order-action-outcome';
import type { OrderFormDialog, OrderFormProps } from './order-dialog';
import { ORDER_TEXTS } from './order-texts';
import { useShipOrder } from './use-order-mutations';

const COURIER_CHOICES = COURIERS.map((kurir) => ({ value: kurir, label: COURIER_LABELS[kurir] }));
const FIELDS: readonly string[] = ['kurir', 'no_resi'];

type ShipForm = z.input<typeof ShipRequestSchema>;

/** 'Kirim': the packed order leaves with a courier; the merchant is mailed the resi and its tracking link. */
export const SHIP_ORDER_DIALOG: OrderFormDialog = {
  title: 'Kirim Pesanan',
  description: (order) => (
    <>
      Pesanan <span className="font-mono">{order.kode_pesanan}</span> ke {order.pengiriman.nama_penerima}, {order.pengiriman.kota_kab}.
    </>
  ),
  Form: ShipOrderForm,
};

function ShipOrderForm({ order, onDone }: OrderFormProps) {
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
    <DialogForm form={form} onSubmit={submit} label="Kirim pesanan" pending={ship.isPending} submitText="Kirim">
      <SelectField name="kurir" label="Kurir" required options={COURIER_CHOICES} placeholder="Pilih kurir" />
      <TextField name="no_resi" label="Nomor resi" required autoComplete="off" maxLength={40} hint="6-40 huruf dan angka, tanpa spasi." />
    </DialogForm>
  );
}
