import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { PERBAIKAN_MESSAGES } from '../../../domain/perbaikan-texts';
import { hasFinalCode, REASON_MESSAGES, type ReasonCode } from '../../../domain/reason-codes';
import { CLAIM_MESSAGES } from '../../../domain/review-claims';
import { STATUS_LABELS, type MerchantStatus } from '../../../domain/vocabularies';
import type { ReviewChecklist } from '../../../domain/workbench';
import { DialogFormActions, MountedDialog } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { NativeSelect, Textarea } from '../../components/ui/input';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { firstApprovalOnly } from './first-approval';
import { FixChecklist, fixChoicesComplete, fixItems, type FixChoices } from './fix-checklist';
import { isStaleSave } from './merchant-api';
import type { MerchantRef } from './merchant-ref';
import { ReasonCodePicker } from './reason-code-picker';
import { useChangeStatus } from './use-merchant-mutations';

/** docs/spec.md §4: from processing the dialog offers these three. */
const TARGET_STATUSES = ['verified', 'rejected', 'data_tidak_lengkap'] as const satisfies readonly MerchantStatus[];

/**
 * A decision of the review screen (decision 0038): the status is chosen already, the checklist goes with it, and
 * the status the reviewer saw is sent so that a change by another admin meanwhile is a 409, not a silent
 * overwrite; `onStale` then gets the server's message for the screen to show as the edit screen does.
 */
export type ReviewDecision = {
  status: (typeof TARGET_STATUSES)[number];
  /** The button's name on the review screen (Verifikasi, Data Tidak Lengkap, Tolak). */
  label: string;
  checklist: ReviewChecklist;
  onStale: (message: string) => void;
};

type StatusChangeDialogProps = {
  merchant: MerchantRef | null;
  /** `decided`: the status was changed (the review screen then opens the next merchant). */
  onClose: (decided: boolean) => void;
  decision?: ReviewDecision | undefined;
};

export function StatusChangeDialog({ merchant, onClose, decision }: StatusChangeDialogProps) {
  const decided = useRef(false);
  const close = () => {
    onClose(decided.current);
    decided.current = false;
  };
  return (
    <MountedDialog
      open={merchant !== null}
      onClose={close}
      title="Ubah Status Merchant"
      description={merchant && `${merchant.nama_toko} (${merchant.kode_pendaftaran}) saat ini berstatus ${STATUS_LABELS[merchant.status]}.`}
    >
      {/* Keyed by merchant: opening the dialog for another row starts with an empty form. */}
      {merchant && (
        <StatusChangeForm
          key={merchant.id}
          merchant={merchant}
          decision={decision}
          onDecided={() => (decided.current = true)}
          onDone={close}
        />
      )}
    </MountedDialog>
  );
}

type StatusChangeFormProps = { merchant: MerchantRef; decision: ReviewDecision | undefined; onDecided: () => void; onDone: () => void };

function StatusChangeForm({ merchant, decision, onDecided, onDone }: StatusChangeFormProps) {
  const [status, setStatus] = useState<MerchantStatus | ''>(decision?.status ?? '');
  // The status on screen when the decision began: a live refresh while the dialog is open must not turn
  // another admin's change into the expected one.
  const [seenStatus] = useState(merchant.status);
  const [note, setNote] = useState('');
  const [choices, setChoices] = useState<FixChoices>({});
  const [codes, setCodes] = useState<ReasonCode[]>([]);
  const [codesError, setCodesError] = useState<string | undefined>();
  const [missingStatus, setMissingStatus] = useState(false);
  const [checklistError, setChecklistError] = useState<string | undefined>();
  const change = useChangeStatus();
  const withChecklist = status === 'data_tidak_lengkap' || status === 'rejected';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === '') {
      setMissingStatus(true);
      return;
    }
    const items = withChecklist ? fixItems(choices) : [];
    if (status === 'data_tidak_lengkap' && items.length === 0) {
      setChecklistError(PERBAIKAN_MESSAGES.requiredForIncomplete);
      return;
    }
    if (!fixChoicesComplete(choices) && withChecklist) {
      setChecklistError(PERBAIKAN_MESSAGES.reasonRequired);
      return;
    }
    setChecklistError(undefined);
    if (status === 'rejected' && !hasFinalCode(codes)) {
      setCodesError(REASON_MESSAGES.finalRequired);
      return;
    }
    setCodesError(undefined);
    // docs/spec.md §5: an empty note is stored as null.
    const catatan = note.trim() === '' ? null : note.trim();
    change.mutate(
      {
        id: merchant.id,
        change: {
          status,
          catatan_admin: catatan,
          ...(items.length > 0 ? { perbaikan: items } : {}),
          ...(status === 'rejected' ? { kode_alasan: codes } : {}),
          ...(decision ? { checklist: decision.checklist, expected_status: seenStatus } : {}),
        },
      },
      {
        onSuccess: (answer) => {
          // A 'verified' under the four-eyes rule changed nothing yet: say it waits for another admin.
          if (firstApprovalOnly(status, answer)) toast.info(CLAIM_MESSAGES.firstApprovalRecorded);
          // A fix link goes to the applicant's e-mail only: no admin sees or forwards its token.
          else
            toast.success(MESSAGES.statusChangeSuccess, items.length > 0 ? { description: PERBAIKAN_MESSAGES.fixLinkMailed } : undefined);
          onDecided();
          onDone();
        },
        onError: (error) => {
          toast.error(MESSAGES.statusChangeFailed, { description: serverMessage(error) });
          if (decision && isStaleSave(error)) {
            decision.onStale(error.message);
            onDone();
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {decision ? (
        <p className="text-sm">
          Keputusan: <strong>{decision.label}</strong>
        </p>
      ) : (
        <FormField label="Status Baru" required error={missingStatus && status === '' ? MESSAGES.chooseStatus : undefined}>
          {({ id, describedBy, invalid }) => (
            <NativeSelect
              id={id}
              name="status"
              value={status}
              onChange={(event) => setStatus(event.target.value as MerchantStatus | '')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              aria-required
            >
              <option value="">Pilih status</option>
              {TARGET_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}
      {status === 'rejected' && <ReasonCodePicker value={codes} onChange={setCodes} error={codesError} />}
      {withChecklist && (
        <FixChecklist choices={choices} onChange={setChoices} required={status === 'data_tidak_lengkap'} error={checklistError} />
      )}
      <FormField label="Catatan Admin (opsional)" hint="Catatan ini dapat dilihat merchant di halaman Cek Status.">
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            name="catatan_admin"
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      {/* A verification from the review screen is one key away: V, then Enter. */}
      <DialogFormActions pending={change.isPending} incomplete={status === ''} autoFocus={decision?.status === 'verified'}>
        Simpan
      </DialogFormActions>
    </form>
  );
}
