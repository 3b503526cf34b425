import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import type { RevealRequest } from '../../../domain/merchants';
import { Button } from '../../components/ui/button';
import { revealMerchantField } from './merchant-api';
import { TextField } from '../../components/form-fields';

type RevealField = RevealRequest['field'];
export type RevealedValues = Partial<Record<RevealField, string>>;

export type RevealState = {
  merchantId: string;
  values: RevealedValues;
  onRevealed: (field: RevealField, value: string) => void;
};

/**
 * Values revealed on this screen, kept across view and edit mode of one version of the merchant; a
 * new version (a save, a live change) shows everything masked again.
 */
export function useRevealedValues(version: string): [RevealedValues, (field: RevealField, value: string) => void] {
  const [state, setState] = useState<{ version: string; values: RevealedValues }>({ version, values: {} });
  const values = state.version === version ? state.values : {};
  const add = (field: RevealField, value: string) => setState((before) => ({ version, values: { ...(before.version === version ? before.values : {}), [field]: value } }));
  return [values, add];
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
      const value = await revealMerchantField(reveal.merchantId, name);
      setValue(name, value, { shouldDirty: false });
      reveal.onRevealed(name, value);
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
        <Button type="button" variant="outline" size="sm" onClick={() => void onReveal()} disabled={busy} aria-label={`${REVEAL_MESSAGES.button} ${label}`} className="mb-0.5">
          <Eye aria-hidden="true" />
          {REVEAL_MESSAGES.button}
        </Button>
      )}
    </div>
  );
}
