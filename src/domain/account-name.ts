export const ACCOUNT_NAME_MESSAGES = {
  mismatch: 'Nama rekening berbeda dengan nama pemilik',
} as const;

/** Forms of address and religious titles written before a name. */
const PREFIX_TITLES = new Set([
  'bpk',
  'bapak',
  'pak',
  'ibu',
  'bu',
  'ny',
  'nyonya',
  'nn',
  'nona',
  'sdr',
  'sdri',
  'saudara',
  'saudari',
  'tn',
  'tuan',
  'h',
  'hj',
  'haji',
  'hajjah',
  'dr',
  'drs',
  'dra',
  'ir',
  'prof',
  'kh',
]);

/** Academic degrees written after a name, compared with their dots removed (S.E. → se, S.Kom → skom). */
const DEGREES = new Set([
  'se',
  'sh',
  'st',
  'skom',
  'spd',
  'ssi',
  'ssos',
  'sip',
  'sked',
  'sag',
  'sak',
  'sfarm',
  'sp',
  'sps',
  'sm',
  'sikom',
  'ssn',
  'sstp',
  'stp',
  'mm',
  'mba',
  'mt',
  'mkom',
  'mh',
  'msi',
  'mpd',
  'mag',
  'mak',
  'ak',
  'amd',
  'ama',
  'ssit',
  'dr',
  'phd',
  'mkes',
  'skep',
  'ners',
  'apt',
]);

/** The name reduced to its words: lower case, no titles nor degrees, no punctuation, single spaces. */
function nameWords(name: string): string[] {
  // Degrees follow a comma ("Budi, S.E., M.M."): what comes after the first comma is never the name.
  const beforeComma = name.split(',')[0] ?? '';
  const tokens = beforeComma
    .toLowerCase()
    .replace(/[-_/]/g, ' ')
    .split(/\s+/)
    .map((token) => token.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((token) => token !== '');
  while (tokens.length > 1 && PREFIX_TITLES.has(tokens[0]!)) tokens.shift();
  while (tokens.length > 1 && DEGREES.has(tokens[tokens.length - 1]!)) tokens.pop();
  return tokens;
}

/**
 * Whether the bank account's holder name is the owner's name, beyond case, titles (Bpk, Ibu, H., Hj., Dr., Ir.),
 * degrees (S.E., S.Kom), punctuation and spacing. A difference is a warning for the reviewer, never a refusal.
 */
export function accountNameMatches(owner: string, account: string): boolean {
  return nameWords(owner).join(' ') === nameWords(account).join(' ');
}
