import { describe, expect, it } from 'vitest';
import { ACCOUNT_NAME_MESSAGES, accountNameMatches } from './account-name.js';

describe('accountNameMatches', () => {
  it('matches beyond case, titles, degrees, punctuation and spaces', () => {
    expect(accountNameMatches('Budi Santoso', 'BUDI SANTOSO')).toBe(true);
    expect(accountNameMatches('Budi Santoso', 'Bpk. Budi  Santoso')).toBe(true);
    expect(accountNameMatches('Siti Aminah', 'Hj. Siti Aminah, S.E.')).toBe(true);
    expect(accountNameMatches('Dr. Ir. H. Ahmad Yani', 'Ahmad Yani S.Kom')).toBe(true);
    expect(accountNameMatches('Ny. Dewi Lestari', 'ibu dewi-lestari')).toBe(true);
    expect(accountNameMatches('Ny. Dewi Lestari', 'ibu dewi lestari.')).toBe(true);
  });

  it('refuses another person', () => {
    expect(accountNameMatches('Budi Santoso', 'Budi Santosa')).toBe(false);
    expect(accountNameMatches('Budi Santoso', 'CV Budi Santoso')).toBe(false);
    expect(accountNameMatches('Budi Santoso', 'Budi')).toBe(false);
  });
});

describe('ACCOUNT_NAME_MESSAGES', () => {
  it('warns in Indonesian', () => {
    expect(ACCOUNT_NAME_MESSAGES.mismatch).toBe('Nama rekening berbeda dengan nama pemilik');
  });
});
