import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DOCUMENT_SLOTS, isDocumentSlot } from '../../../domain/document-slots';
import { MESSAGES } from '../../../domain/messages';
import { useDocumentUploads, type DocumentUploads } from '../../components/uploads/use-document-uploads';
import { ApiRequestError } from '../../lib/api-client';
import {
  clearRegistrationSession,
  idempotencyKey,
  loadSubmittedRegistration,
  saveSubmittedRegistration,
} from '../../lib/registration-session';
import { toast } from '../../lib/toast';
import { clearDraft, loadDraft, saveDraftStep, saveDraftUpload, type RegistrationDraft } from './registration-draft';
import { loadRegistrationApi, loadWizardSchemas } from './wizard-module-loaders';
import { EMPTY_WIZARD, stepOfField, STEPS, type WizardValues } from './wizard-steps';

export const REVIEW_STEP = 4;
export const BANK_STEP = 3;

export function successPath(code: string): string {
  return `/registrasi/success?code=${encodeURIComponent(code)}`;
}

/** The body of POST /api/registrations: step 1 without its photo ids, steps 2 and 4, the upload ids, consent. */
function buildRequest(values: WizardValues, uploads: DocumentUploads): unknown {
  const storeKeys = STEPS[0].fields.filter((key) => !isDocumentSlot(key));
  const store = Object.fromEntries(storeKeys.map((key) => [key, values.store[key]]));
  const documents = Object.fromEntries(
    DOCUMENT_SLOTS.flatMap((slot) => {
      const id = uploads.documents[slot]?.uploadId;
      return id ? [[slot, id]] : [];
    }),
  );
  return { ...store, ...values.owner, ...values.bank, documents, consent: true };
}

/** The schemas the submit checks against, or null when the connection dropped before they arrived. */
async function loadSubmitSchemas() {
  try {
    return await Promise.all([loadWizardSchemas(), import('../../../domain/registration')]);
  } catch {
    return null;
  }
}

export type RegistrationWizard = ReturnType<typeof useRegistrationWizard>;

/** The wizard's state: the current step, the values typed so far, the uploads and the submission. */
/** `maxUploadMb`: the settings' upload limit (decision 0022), once known. */
export function useRegistrationWizard(maxUploadMb?: number) {
  const navigate = useNavigate();
  // Read once: a reload, or Android discarding the tab behind the camera, comes back to the same step (decision 0021).
  const [draft] = useState<RegistrationDraft | null>(loadDraft);
  const uploads = useDocumentUploads(draft?.uploads, maxUploadMb, saveDraftUpload);
  const [step, setStep] = useState(draft?.step ?? 0);
  const [values, setValues] = useState<WizardValues>(draft?.values ?? EMPTY_WIZARD);
  const [submitting, setSubmitting] = useState(false);
  // Bumped by a fresh start so every step form mounts again with empty values.
  const [run, setRun] = useState(0);

  useEffect(() => {
    if (draft) toast.success(MESSAGES.draftRestored, { id: 'draft-restored' });
  }, [draft]);

  useEffect(() => {
    saveDraftStep(step, values);
  }, [step, values]);

  const save = (part: Partial<WizardValues>, nextStep: number) => {
    setValues((current) => ({ ...current, ...part }));
    setStep(nextStep);
  };

  /** Mulai dari awal, or Buat Pendaftaran Baru: nothing of the earlier run is kept, not even its key. */
  const restart = () => {
    clearDraft();
    clearRegistrationSession();
    uploads.reset();
    setValues(EMPTY_WIZARD);
    setStep(0);
    setRun((current) => current + 1);
  };

  const submit = async () => {
    // docs/spec.md §4: a browser session that already sent a registration is shown its confirmation again.
    const sent = loadSubmittedRegistration();
    if (sent) {
      void navigate(successPath(sent.code));
      return;
    }
    // docs/spec.md §5: submit re-checks step 4; the whole request is then checked against the server's schema.
    const schemas = await loadSubmitSchemas();
    if (!schemas) {
      toast.error(MESSAGES.registerError);
      return;
    }
    const [{ BankFormSchema }, { RegistrationRequestSchema }] = schemas;
    if (!BankFormSchema.safeParse(values.bank).success) {
      toast.error(MESSAGES.bankRequired);
      setStep(BANK_STEP);
      return;
    }
    const parsed = RegistrationRequestSchema.safeParse(buildRequest(values, uploads));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      toast.error(issue?.message ?? MESSAGES.requiredFields);
      const target = stepOfField(issue?.path.map(String).join('.'));
      if (target !== null) setStep(target);
      return;
    }
    setSubmitting(true);
    try {
      const { submitRegistration } = await loadRegistrationApi();
      const response = await submitRegistration(parsed.data, idempotencyKey());
      saveSubmittedRegistration({ code: response.kode_pendaftaran, receiptToken: response.receipt_token });
      clearDraft();
      toast.success(MESSAGES.registerSuccess);
      void navigate(successPath(response.kode_pendaftaran));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status > 0) {
        // docs/spec.md §8: the server's message, or Gagal mendaftar when its answer carried none (HTTP_ERROR).
        toast.error(error.code === 'HTTP_ERROR' || !error.message ? MESSAGES.registerFailed : error.message);
        const slot = error.field?.replace(/^documents\./, '');
        // An upload the server no longer accepts (expired, claimed) has to be chosen again.
        if (isDocumentSlot(slot)) uploads.remove(slot);
        const target = stepOfField(error.field);
        if (target !== null) setStep(target);
      } else {
        toast.error(MESSAGES.registerError);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return {
    step,
    run,
    values,
    uploads,
    submitting,
    save,
    goTo: setStep,
    restart,
    submit: () => void submit(),
  };
}
