import type { z } from 'zod';

/**
 * Names and addresses typed by the public end up in our e-mails (receipts, status mails, order mails)
 * and on admin screens. A line break, a control character, a link or an e-mail address in them lets a
 * stranger send their own text under our name to any address, so those fields hold one plain line.
 */
export const plainTextMessage = (label: string) => `${label} tidak boleh berisi tautan, alamat e-mail, atau baris baru`;

// C0 and C1 controls (line breaks, tabs included), the Unicode line and paragraph separators, and the
// direction overrides and isolates that make a text read differently from what it holds.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const SCHEME = /[a-z][a-z0-9+.-]*:\/\//i;
const WWW = /(^|[^a-z0-9])www\d*\./i;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/i;
const PUNYCODE = /(^|[^a-z0-9])xn--/i;
/**
 * A bare host (`contoh.com/…`, `bit.ly/x`, `s.id`): a label, a dot and a top-level domain from this list,
 * not followed by more letters. Only a list: Indonesian addresses and titles put letters right after a
 * dot all the time (`Jl.Sudirman`, `Kel.Cempaka`, `S.Kom`, `A.Yani`), and none of those words is here;
 * `gg` (Gg., gang) and `tk` (dpn.TK, a kindergarten) are left out for that reason.
 */
const TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'id',
  'co',
  'io',
  'ly',
  'me',
  'xyz',
  'top',
  'site',
  'online',
  'app',
  'dev',
  'link',
  'click',
  'shop',
  'store',
  'ml',
  'ga',
  'cf',
  'gq',
  'ru',
  'cn',
  'su',
  'ws',
  'cc',
  'tv',
  'gl',
  'gd',
  'club',
  'live',
  'vip',
  'pw',
  'icu',
  'buzz',
  'sbs',
  'cfd',
  'cyou',
  'bond',
  'monster',
  'win',
  'bid',
  'loan',
  'work',
  'website',
  'space',
  'tech',
  'fun',
  'page',
  'uk',
  'eu',
  'asia',
  'sg',
  'html',
  'php',
];
const BARE_HOST = new RegExp(`[a-z0-9-]\\.(${TLDS.join('|')})(?![a-z0-9-])`, 'i');

/** Whether a typed name or address holds a line break, a control character, a link or an e-mail address. */
export function hasLinkOrControl(value: string): boolean {
  return CONTROL.test(value) || SCHEME.test(value) || WWW.test(value) || EMAIL.test(value) || PUNYCODE.test(value) || BARE_HOST.test(value);
}

/** The refinement every public name and address schema carries, naming the field in its message. */
export function plainText<T extends z.ZodType<string>>(schema: T, label: string): T {
  return schema.refine((value) => !hasLinkOrControl(value), plainTextMessage(label));
}
