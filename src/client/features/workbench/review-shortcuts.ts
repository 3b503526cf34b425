import { DOCUMENT_SLOTS } from '../../../domain/document-slots';

export type Decision = 'verified' | 'data_tidak_lengkap' | 'rejected';

export type ReviewShortcut =
  { kind: 'merchant'; step: 1 | -1 } | { kind: 'document'; index: number } | { kind: 'decision'; status: Decision } | { kind: 'help' };

/** The keys of the review screen, as the shortcuts dialog lists them (one source for both). */
export const REVIEW_SHORTCUTS: readonly { keys: string; label: string }[] = [
  { keys: 'J', label: 'Merchant berikutnya di antrean' },
  { keys: 'K', label: 'Merchant sebelumnya di antrean' },
  { keys: `1-${DOCUMENT_SLOTS.length}`, label: 'Buka dokumen ke-1 sampai ke-7' },
  { keys: 'V', label: 'Verifikasi' },
  { keys: 'T', label: 'Data Tidak Lengkap' },
  { keys: 'D', label: 'Tolak' },
  { keys: '?', label: 'Tampilkan daftar pintasan' },
];

const DECISION_KEYS: Record<string, Decision> = { v: 'verified', t: 'data_tidak_lengkap', d: 'rejected' };

type KeyInput = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean };

/**
 * The shortcut a key press means, or null. Keys with Ctrl, Cmd or Alt stay the browser's (Ctrl+D is a
 * bookmark, Ctrl+T a tab); Shift is allowed, since '?' is Shift+/ on most layouts.
 */
export function shortcutFor(event: KeyInput): ReviewShortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === 'j') return { kind: 'merchant', step: 1 };
  if (key === 'k') return { kind: 'merchant', step: -1 };
  if (key === '?') return { kind: 'help' };
  const decision = DECISION_KEYS[key];
  if (decision) return { kind: 'decision', status: decision };
  if (/^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    return index < DOCUMENT_SLOTS.length ? { kind: 'document', index } : null;
  }
  return null;
}

/** Inputs that take no typing: a checklist box keeps the focus after a click, and V must still work there. */
const NON_TEXT_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color']
  .map((type) => `:not([type="${type}"])`)
  .join('');
const TYPING = `input${NON_TEXT_INPUTS}, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="alertdialog"]`;

/** Where typing goes: no shortcut may fire while a text field, a list box or an open dialog has the focus. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TYPING) !== null;
}

/** The merchant J (step 1) or K (step -1) opens; a merchant no longer queued goes to the queue's start. */
export function queueNeighbour(order: readonly string[], current: string, step: 1 | -1): string | null {
  const index = order.indexOf(current);
  if (index === -1) return step === 1 ? (order[0] ?? null) : null;
  return order[index + step] ?? null;
}

/**
 * The merchant to open after a decision: the first of those that came after it in the queue the reviewer
 * was walking that is still waiting, else the oldest still waiting; null when the queue is empty.
 */
export function nextAfterDecision(before: readonly string[], after: readonly string[], current: string): string | null {
  const waiting = new Set(after.filter((id) => id !== current));
  const start = before.indexOf(current);
  for (const id of start === -1 ? [] : before.slice(start + 1)) if (waiting.has(id)) return id;
  return after.find((id) => id !== current) ?? null;
}
