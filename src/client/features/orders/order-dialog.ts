import type { ComponentType, ReactNode } from 'react';
import type { OrderAdminDetail } from '../../../domain/orders';

/** An order action's form; `onDone` closes its dialog. */
export type OrderFormProps = { order: OrderAdminDetail; onDone: () => void };

/** A dialog of the order detail whose form sends one action: its title, what it says of the order, its form. */
export type OrderFormDialog = {
  title: string;
  description: (order: OrderAdminDetail) => ReactNode;
  Form: ComponentType<OrderFormProps>;
};
