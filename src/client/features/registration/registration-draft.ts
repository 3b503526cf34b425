import { isDocumentSlot, type DocumentSlot } from '../../../domain/document-slots';
import type { DraftUpload } from '../../components/uploads/use-document-uploads';
import type { WizardValues } from './wizard-steps';

/**
 * The wizard's draft (decision 0021): the values as typed, the step, and the staged uploads, so a reload or
 * Android discarding the tab while the camera is open loses nothing. sessionStorage only, never
 * localStorage: NIK and account number are in it, and the draft must end with the tab.
 */
const KEY = 'aipos.registration.draft';

export type RegistrationDraft = {
  step: number;
  values: WizardValues;
  uploads: Partial<Record<DocumentSlot, DraftUpload>>;
};

const EMPTY: RegistrationDraft = { step: 0, values: { store: {}, owner: {}, bank: {} }, uploads: {} };
const VALUE_PARTS = ['store', 'owner', 'bank'] as const;
const LAST_STEP = 4;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseUpload(value: unknown): DraftUpload | null {
  if (!isRecord(value)) return null;
  const { uploadId, name, size, type, thumbnail } = value;
  if (typeof uploadId !== 'string' || typeof name !== 'string' || typeof size !== 'number' || typeof type !== 'string') return null;
  // Only our own thumbnails: a data URL of a JPEG, never anything an img could fetch.
  const safeThumbnail = typeof thumbnail === 'string' && thumbnail.startsWith('data:image/jpeg;base64,') ? thumbnail : null;
  return { uploadId, name, size, type, thumbnail: safeThumbnail };
}

/** Whatever is stored is read defensively: another version of the app, or a hand edit, must not break the page. */
function parseDraft(raw: string | null): RegistrationDraft | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  const step = typeof data.step === 'number' && Number.isInteger(data.step) ? Math.min(Math.max(data.step, 0), LAST_STEP) : 0;
  const values = isRecord(data.values) ? data.values : {};
  const uploads = isRecord(data.uploads) ? data.uploads : {};
  return {
    step,
    values: Object.fromEntries(VALUE_PARTS.map((part) => [part, isRecord(values[part]) ? values[part] : {}])) as WizardValues,
    uploads: Object.fromEntries(
      Object.entries(uploads).flatMap(([slot, upload]) => {
        const parsed = isDocumentSlot(slot) ? parseUpload(upload) : null;
        return parsed ? [[slot, parsed]] : [];
      }),
    ),
  };
}

function read(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    // Storage disabled by policy or private mode: the wizard works, it just forgets on reload.
    return null;
  }
}

function write(draft: RegistrationDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // See read(); a full storage (thumbnails) loses the draft, not the registration.
  }
}

/** The stored draft when it holds anything worth restoring, else null. */
export function loadDraft(): RegistrationDraft | null {
  const draft = parseDraft(read());
  if (!draft) return null;
  const typed = VALUE_PARTS.some((part) =>
    Object.values(draft.values[part]).some((value) => value !== '' && value !== null && value !== undefined),
  );
  return typed || Object.keys(draft.uploads).length > 0 || draft.step > 0 ? draft : null;
}

function update(change: (draft: RegistrationDraft) => RegistrationDraft): void {
  write(change(parseDraft(read()) ?? EMPTY));
}

export function saveDraftStep(step: number, values: WizardValues): void {
  update((draft) => ({ ...draft, step, values }));
}

/** What a step's form holds right now, as it is typed (before Next). */
export function saveDraftValues(part: (typeof VALUE_PARTS)[number], values: Record<string, unknown>): void {
  update((draft) => ({ ...draft, values: { ...draft.values, [part]: values } }));
}

export function saveDraftUpload(slot: DocumentSlot, upload: DraftUpload | null): void {
  update((draft) => {
    const uploads = { ...draft.uploads };
    if (upload) uploads[slot] = upload;
    else delete uploads[slot];
    return { ...draft, uploads };
  });
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // See read().
  }
}
