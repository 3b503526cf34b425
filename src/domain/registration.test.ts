import { describe, expect, it } from 'vitest';
import { fileTypeMessage } from './document-slots.js';
import { IDEMPOTENCY_KEY_PATTERN, RegistrationDocumentsSchema } from './registration.js';

describe('registration contract helpers', () => {
  it('words the type error per slot: photos JPG/PNG (docs/spec.md §5), NPWP and SIUP/NIB also PDF', () => {
    expect(fileTypeMessage('foto_ktp')).toBe('Format file harus JPG atau PNG');
    expect(fileTypeMessage('foto_usaha')).toBe('Format file harus JPG atau PNG');
    expect(fileTypeMessage('npwp_file')).toBe('Format file harus JPG, PNG atau PDF');
    expect(fileTypeMessage('siup_nib_file')).toBe('Format file harus JPG, PNG atau PDF');
  });

  it('takes a UUID as Idempotency-Key and refuses short or odd ones', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test(crypto.randomUUID())).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('wizard_abc-123')).toBe(true);
    for (const key of ['', 'pendek', 'ada spasi di sini', 'a'.repeat(201), 'kunci/dengan/garis']) {
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(false);
    }
  });

  it('words a missing documents object in Indonesian, not zod English', () => {
    const result = RegistrationDocumentsSchema.safeParse(undefined);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Harap upload semua dokumen yang wajib');
  });
});
