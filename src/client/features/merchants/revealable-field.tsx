import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import type { RevealRequest, RevealResponse } from '../../../domain/merchants';
import type { NikPersonal } from '../../../domain/nik-structure';
import { TextField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { revealMerchantField } from './merchant-api';

type RevealField = RevealRequest['field'];
export type RevealedValues = Partial<Record<RevealField, string>>;

export type RevealState = {
  merchantId: string;
  values: RevealedValues;
  onRevealed: (answer: RevealResponse) => void;
};

type Revealed = { version: string; values: RevealedValues; nikPersonal: NikPersonal | null };

/**
 * Values revealed on this screen, kept across view and edit mode of one version of the merchant; a
 * new version (a save, a live change) shows everything masked again. With the NIK come the birth date
 * and sex its digits say, which the detail answer never carries.
 */
export function useRevealedValues(version: string): {
  values: RevealedValues;
  nikPersonal: NikPersonal | null;
  add: (answer: RevealResponse) => void;
} {
  const [state, setState] = useState<Revealed>({ version, values: {}, nikPersonal: null });
  const current = state.version === version ? state : { version, values: {}, nikPersonal: null };
  const add = (answer: RevealResponse) =>
    setState((before) => {
      const kept = before.version === version ? before : { version, values: {}, nikPersonal: null };
      return { version, values: { ...kept.values, [answer.field]: answer.value }, nikPersonal: answer.nik_personal ?? kept.nikPersonal };
    });
  return { values: current.values, nikPersonal: current.nikPersonal, add };
}

type RevealableFieldProps = {
  name: RevealRequest['field'];
  label: string;
  editing: boolean;
  maxLength: number;
  reveal: RevealState;
};

export const REVEAL_MESSAGES = {
  button: 'Tampilkan',
  failed: 'Gagal menampilkan data',
  editHint: 'Tampilkan dulu untuk mengubah.',
} as const;

/**
 * NIK or account number: masked as the server sends it. 'Tampilkan' fetches the value for this view
 * (the server records each look); only a revealed value can be edited, so a save never sends the mask.
 */
export function RevealableField({ name, label, editing, maxLength, reveal }: RevealableFieldProps) {
  const { setValue } = useFormContext();
  const [busy, setBusy] = useState(false);
  const shown = reveal.values[name] !== undefined;

  const onReveal = async () => {
    setBusy(true);
    try {
      const answer = await revealMerchantField(reveal.merchantId, name);
      setValue(name, answer.value, { shouldDirty: false });
      reveal.onRevealed(answer);
    } catch {
      toast.error(REVEAL_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          name={name}
          label={label}
          required={editing && shown}
          readOnly={!(editing && shown)}
          inputMode="numeric"
          maxLength={maxLength}
          autoComplete="off"
          {...(editing && !shown ? { hint: REVEAL_MESSAGES.editHint } : {})}
        />
      </div>
      {!shown && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void onReveal()}
          disabled={busy}
          aria-label={`${REVEAL_MESSAGES.button} ${label}`}
          className="mb-0.5"
        >
          <Eye aria-hidden="true" />
          {REVEAL_MESSAGES.button}
        </Button>
      )}
    </div>
  );
}
