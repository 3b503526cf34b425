import { describe, expect, it } from 'vitest';
import { passwordPolicyViolation } from './password-policy.js';

describe('password policy', () => {
  it('wants 12 to 128 characters, counted as characters', () => {
    expect(passwordPolicyViolation('a-b-c-d-e-f')).toBe('Password minimal 12 karakter');
    expect(passwordPolicyViolation('kopi-susu-gula-aren')).toBeNull();
    expect(passwordPolicyViolation('x'.repeat(128).replace(/^x{4}/, 'zq7!'))).toBeNull();
    expect(passwordPolicyViolation('zq7!'.repeat(33))).toBe('Password maksimal 128 karakter');
    // Twelve emoji are twelve characters (24 UTF-16 units).
    expect(passwordPolicyViolation('🦊🐯🦁🐮🐷🐸🐵🐔🐧🐦🐤🦆')).toBeNull();
  });

  it('has no composition rules', () => {
    expect(passwordPolicyViolation('correct horse battery')).toBeNull();
  });

  it('refuses common passwords without regard to case, and the e-mail itself', () => {
    for (const common of ['password1234', 'PASSWORD1234', 'qwertyuiop123', 'bismillah123456', 'indonesia2024', '123456789012']) {
      expect(passwordPolicyViolation(common), common).toBe('Password terlalu umum dan mudah ditebak. Pilih password lain.');
    }
    expect(passwordPolicyViolation('budi.santoso@aipos.test', 'budi.santoso@aipos.test')).not.toBeNull();
    expect(passwordPolicyViolation('budisantoso1', 'budisantoso1@aipos.test')).not.toBeNull();
  });
});
