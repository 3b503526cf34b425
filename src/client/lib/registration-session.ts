/**
 * What the browser session remembers about a registration (docs/spec.md §4 and §7: the submitted flag and the code;
 * the merchant id of the old app is no longer given to the public (docs/privacy.md), only its key is still cleared;
 * we add the receipt token that unmasks the success page, and the wizard's Idempotency-Key). sessionStorage, not localStorage: it ends with the tab, which is the scope the spec
 * gives, and personal data behind the token does not outlive it. Shared by the wizard, the status page and
 * the checkout (a registration made on the way to checkout is checked there by its receipt).
 * Its storage access stays inline: every landing page downloads this module, and the shared helpers
 * would come with it.
 */
const KEYS = {
  submitted: 'aipos.registration.submitted',
  code: 'aipos.registration.code',
  merchantId: 'aipos.registration.merchantId',
  receiptToken: 'aipos.registration.receiptToken',
  idempotencyKey: 'aipos.registration.idempotencyKey',
} as const;

export type SubmittedRegistration = {
  code: string;
  receiptToken: string | null;
};

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    // Storage can be disabled by policy or private mode: the wizard still works, it just forgets.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // See read().
  }
}

function remove(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // See read().
  }
}

export function loadSubmittedRegistration(): SubmittedRegistration | null {
  const code = read(KEYS.code);
  if (read(KEYS.submitted) !== 'true' || !code) return null;
  return { code, receiptToken: read(KEYS.receiptToken) };
}

export function saveSubmittedRegistration(registration: { code: string; receiptToken: string }): void {
  write(KEYS.submitted, 'true');
  write(KEYS.code, registration.code);
  write(KEYS.receiptToken, registration.receiptToken);
}

/** The receipt token only for the code this browser registered; other codes are looked up masked. */
export function receiptTokenFor(code: string): string | undefined {
  return read(KEYS.code) === code ? (read(KEYS.receiptToken) ?? undefined) : undefined;
}

/** crypto.randomUUID exists only in secure contexts; a plain-HTTP intranet deployment still needs a key. */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per wizard run, created on first use and kept until a new registration is started, so a
 * reload or a retry after a lost answer re-sends the same key and the server answers with the same row.
 */
export function idempotencyKey(): string {
  const existing = read(KEYS.idempotencyKey);
  if (existing) return existing;
  const key = randomKey();
  write(KEYS.idempotencyKey, key);
  return key;
}

/** Buat Pendaftaran Baru: forget everything about the earlier registration, including its key. */
export function clearRegistrationSession(): void {
  for (const key of Object.values(KEYS)) remove(key);
}
