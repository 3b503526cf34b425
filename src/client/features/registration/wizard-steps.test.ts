import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/messages';
import { BankFormSchema, DocumentsFormSchema, OwnerFormSchema, StoreFormSchema } from './wizard-schemas';
import { inlineMessage, stepOfField, STEPS, stepToast } from './wizard-steps';

describe('wizard steps', () => {
  it('lists exactly the fields each step schema checks, in the same order', () => {
    expect(STEPS.slice(0, 4).map((step) => step.fields)).toEqual(
      [StoreFormSchema, OwnerFormSchema, DocumentsFormSchema, BankFormSchema].map((schema) => Object.keys(schema.shape)),
    );
    expect(STEPS[4].fields).toEqual(['consent']);
  });

  it('finds the step of a field the server refused, documents included', () => {
    expect(stepOfField('kode_pos')).toBe(0);
    expect(stepOfField('nik')).toBe(1);
    expect(stepOfField('documents.foto_ktp')).toBe(2);
    expect(stepOfField('no_rekening')).toBe(3);
    expect(stepOfField('consent')).toBe(4);
    expect(stepOfField('nope')).toBeNull();
    expect(stepOfField(undefined)).toBeNull();
  });

  it('puts a missing-value text first in the toast, and shortens inline texts as docs/spec.md §5 does', () => {
    expect(stepToast(['NIK harus 16 digit', MESSAGES.requiredFields])).toBe(MESSAGES.requiredFields);
    expect(stepToast(['NIK harus 16 digit'])).toBe('NIK harus 16 digit');
    expect(inlineMessage(MESSAGES.requiredFields)).toBe('Wajib diisi');
    expect(inlineMessage(MESSAGES.requiredDocuments, 'file')).toBe('Wajib diunggah');
    expect(inlineMessage(MESSAGES.addressMin)).toBe(MESSAGES.addressMinInline);
  });
});
