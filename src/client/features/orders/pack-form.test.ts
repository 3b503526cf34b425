import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, PackRequestSchema } from '../../../domain/orders';
import { afterEnter, defaultPackForm, packFormSchema, packUnitLabel, packUnits, unitOfRefusal } from './pack-form';

const ITEMS = [
  { product_id: 3, name: 'EDC Android PAX A920 Pro', quantity: 2 },
  { product_id: 1, name: 'Soundbox', quantity: 1 },
];

function messages(serials: string[]) {
  const form = { units: packUnits(ITEMS).map((unit, index) => ({ product_id: unit.product_id, nomor_seri: serials[index] ?? '' })) };
  const result = packFormSchema.safeParse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('packUnits', () => {
  it('has one unit per ordered unit, numbered within its product', () => {
    const units = packUnits(ITEMS);
    expect(units.map(packUnitLabel)).toEqual([
      'Nomor seri EDC Android PAX A920 Pro — unit 1 dari 2',
      'Nomor seri EDC Android PAX A920 Pro — unit 2 dari 2',
      'Nomor seri Soundbox — unit 1 dari 1',
    ]);
    expect(defaultPackForm(units)).toEqual({
      units: [
        { product_id: 3, nomor_seri: '' },
        { product_id: 3, nomor_seri: '' },
        { product_id: 1, nomor_seri: '' },
      ],
    });
  });
});

describe('packFormSchema', () => {
  it('sends trimmed, uppercased serials that the request schema accepts', () => {
    const form = {
      units: [
        { product_id: 3, nomor_seri: ' a920-000123 ' },
        { product_id: 3, nomor_seri: 'A920000124' },
        { product_id: 1, nomor_seri: 'sbx-77-aa' },
      ],
    };
    const parsed = packFormSchema.parse(form);
    expect(parsed.units.map((unit) => unit.nomor_seri)).toEqual(['A920-000123', 'A920000124', 'SBX-77-AA']);
    expect(PackRequestSchema.parse(parsed)).toEqual(parsed);
  });

  it('says which unit is empty, malformed, or typed twice', () => {
    expect(messages(['', 'A920-000123', 'SBX-001'])).toEqual({ 'units.0.nomor_seri': ORDER_MESSAGES.required });
    expect(messages(['A920 0001', 'A92', 'SBX-001'])).toEqual({
      'units.0.nomor_seri': ORDER_MESSAGES.serialFormat,
      'units.1.nomor_seri': ORDER_MESSAGES.serialFormat,
    });
    expect(messages(['X'.repeat(31), 'A920-000123', 'SBX-001'])['units.0.nomor_seri']).toBe(ORDER_MESSAGES.serialFormat);
    expect(messages(['A920-000123', 'a920-000123', 'SBX-001'])).toEqual({
      'units.1.nomor_seri': 'Nomor seri A920-000123 dimasukkan lebih dari sekali.',
    });
  });
});

describe('afterEnter', () => {
  it('moves on to the next unit, whatever the current one holds', () => {
    expect(afterEnter(['A920-000123', '', ''], 0)).toEqual({ focus: 1 });
    expect(afterEnter(['', '', ''], 1)).toEqual({ focus: 2 });
  });

  it('sends the form from the last unit only when every unit has a serial', () => {
    expect(afterEnter(['A920-000123', 'A920-000124', 'SBX-001'], 2)).toEqual({ submit: true });
    expect(afterEnter(['A920-000123', '  ', 'SBX-001'], 2)).toEqual({ focus: 1 });
    expect(afterEnter(['SBX-001'], 0)).toEqual({ submit: true });
  });
});

describe('unitOfRefusal', () => {
  const serials = ['A920-000123', 'a920-000124', 'SBX-001'];

  it('takes the unit the server names as the field', () => {
    expect(
      unitOfRefusal({ message: ORDER_MESSAGES.serialTaken('A920-000124', 'ORD-AB12CD34'), field: 'units.1.nomor_seri' }, serials),
    ).toBe(1);
    expect(unitOfRefusal({ message: ORDER_MESSAGES.serialRepeated('SBX-001'), field: 'units.2.nomor_seri' }, serials)).toBe(2);
  });

  it("else finds the unit whose serial the server's message names", () => {
    expect(unitOfRefusal({ message: ORDER_MESSAGES.serialTaken('A920-000124', 'ORD-AB12CD34') }, serials)).toBe(1);
    expect(unitOfRefusal({ message: ORDER_MESSAGES.serialRepeated('SBX-001'), field: 'units.7.nomor_seri' }, serials)).toBe(2);
  });

  it('does not mistake a serial for a longer one that starts with it, nor name a unit for other refusals', () => {
    expect(unitOfRefusal({ message: ORDER_MESSAGES.serialTaken('A920-0001234', 'ORD-AB12CD34') }, ['A920-000123'])).toBeNull();
    expect(unitOfRefusal({ message: ORDER_MESSAGES.unitsMismatch, field: 'units' }, ['A920-000123'])).toBeNull();
  });
});
