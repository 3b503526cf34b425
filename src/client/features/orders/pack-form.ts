import { z } from 'zod';
import { ORDER_MESSAGES, SerialNumberSchema, type OrderItem, type PackRequest } from '../../../domain/orders';

/** One ordered unit to pack: its product, and its place among that product's units ('unit 2 dari 3'). */
export type PackUnit = { product_id: number; name: string; unit: number; of: number };

/** Every unit of the order, line by line: the serials the pack request needs, in the order typed. */
export function packUnits(items: readonly Pick<OrderItem, 'product_id' | 'name' | 'quantity'>[]): PackUnit[] {
  return items.flatMap((item) =>
    Array.from({ length: item.quantity }, (_, index) => ({
      product_id: item.product_id,
      name: item.name,
      unit: index + 1,
      of: item.quantity,
    })),
  );
}

export function packUnitLabel(unit: PackUnit): string {
  return `Nomor seri ${unit.name} — unit ${unit.unit} dari ${unit.of}`;
}

/** The form's values as typed (uppercased on the way in); the schema below trims them for the request. */
export type PackForm = PackRequest;

export function defaultPackForm(units: readonly PackUnit[]): PackForm {
  return { units: units.map((unit) => ({ product_id: unit.product_id, nomor_seri: '' })) };
}

/**
 * The request schema, with an empty field said plainly and a serial typed twice caught before the
 * server does (it would answer 400 with the same words).
 */
export const packFormSchema = z
  .object({
    units: z.array(
      z.object({ product_id: z.number().int(), nomor_seri: z.string().trim().min(1, ORDER_MESSAGES.required).pipe(SerialNumberSchema) }),
    ),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.units.forEach((unit, index) => {
      if (seen.has(unit.nomor_seri))
        ctx.addIssue({ code: 'custom', path: ['units', index, 'nomor_seri'], message: ORDER_MESSAGES.serialRepeated(unit.nomor_seri) });
      seen.add(unit.nomor_seri);
    });
  });

/**
 * Enter in a unit's field, as a barcode scanner sends it after each serial: on to the next unit; on
 * the last, the form is sent once every unit has a serial, else the first empty unit takes the focus.
 */
export function afterEnter(serials: readonly string[], index: number): { focus: number } | { submit: true } {
  if (index < serials.length - 1) return { focus: index + 1 };
  const empty = serials.findIndex((serial) => serial.trim() === '');
  return empty === -1 ? { submit: true } : { focus: empty };
}

/**
 * The unit a refusal is about: the server names its field (`units.2.nomor_seri`) and the serial in its
 * words ('Nomor seri SN-1 sudah terdaftar pada pesanan ORD-…', or typed twice). Null for other refusals.
 */
export function unitOfRefusal(refusal: { message: string; field?: string | undefined }, serials: readonly string[]): number | null {
  const byField = /^units\.(\d+)\.nomor_seri$/.exec(refusal.field ?? '');
  if (byField && Number(byField[1]) < serials.length) return Number(byField[1]);
  const index = serials.findIndex((serial) => {
    const typed = serial.trim().toUpperCase();
    return typed !== '' && refusal.message.startsWith(`Nomor seri ${typed} `);
  });
  return index === -1 ? null : index;
}
