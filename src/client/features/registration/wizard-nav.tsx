import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';

type WizardNavProps = {
  onBack?: () => void;
  /** An upload still running on this step: its id is not there yet, so Next would only be refused. */
  waiting?: boolean;
  /** The last step's own submit button instead of Selanjutnya; Kembali waits while it sends. */
  submit?: { button: ReactNode; sending: boolean };
};

/** Back and Next (docs/spec.md §2): Kembali and Selanjutnya; Next is the form's submit, so Enter works too. */
export function WizardNav({ onBack, waiting, submit }: WizardNavProps) {
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-6">
      <Button variant="secondary" onClick={onBack} disabled={!onBack || submit?.sending}>
        <ArrowLeft aria-hidden /> Kembali
      </Button>
      {submit ? (
        submit.button
      ) : (
        <div className="flex items-center gap-3">
          {waiting && <p className="text-sm text-slate-600">Tunggu hingga unggahan selesai</p>}
          <Button type="submit" disabled={waiting}>
            Selanjutnya <ArrowRight aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}
