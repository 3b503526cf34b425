import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';

type OrderActionOutcome<Form extends FieldValues> = {
  form: UseFormReturn<Form>;
  /** The field a refusal belongs under, or null when it is about the order as a whole. */
  fieldOf: (error: ApiRequestError) => Path<Form> | null;
  doneText: string;
  failedText: string;
  /** Closes the dialog. */
  onDone: () => void;
};

/**
 * What an order action's dialog does with the answer: on success a toast and the dialog closes; a refused
 * field gets the server's message under it; anything else is a toast, and after a 409 (the order moved on
 * meanwhile: paid, cancelled, expired) the dialog closes too, so that the screen shows the order's new state.
 */
export function settleOrderAction<Form extends FieldValues>(
  sending: Promise<unknown>,
  { form, fieldOf, doneText, failedText, onDone }: OrderActionOutcome<Form>,
): Promise<void> {
  return sending.then(
    () => {
      toast.success(doneText);
      onDone();
    },
    (error: unknown) => {
      const field = error instanceof ApiRequestError ? fieldOf(error) : null;
      if (field) {
        form.setError(field, { message: (error as ApiRequestError).message }, { shouldFocus: true });
        return;
      }
      toast.error(failedText, { description: serverMessage(error) });
      if (error instanceof ApiRequestError && error.status === 409) onDone();
    },
  );
}
