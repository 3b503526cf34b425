import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { API_MESSAGES } from '../../../domain/messages';
import { toast } from '../../lib/toast';
import { saveDraftValues } from './registration-draft';
import { loadWizardSchemas, loadZodResolver } from './wizard-module-loaders';
import type { BankForm, DocumentsForm, OwnerForm, StoreForm } from './wizard-schemas';
import { STEPS, stepToast } from './wizard-steps';

type StepForms = { 0: StoreForm; 1: OwnerForm; 2: DocumentsForm; 3: BankForm };
export type FormStep = keyof StepForms;

/** Where each form step's typed values go in the draft; the documents step holds only upload ids, kept with the uploads. */
const DRAFT_PARTS = { 0: 'store', 1: 'owner', 2: null, 3: 'bank' } as const;

const STEP_SCHEMAS = ['StoreFormSchema', 'OwnerFormSchema', 'DocumentsFormSchema', 'BankFormSchema'] as const;

/** The step's domain schema through zodResolver, both loaded with the first check rather than the page. */
function stepResolver<N extends FormStep>(step: N): Resolver<StepForms[N]> {
  return async (values, context, options) => {
    const loaded = await Promise.all([loadWizardSchemas(), loadZodResolver()]).catch(() => null);
    if (!loaded) {
      // The connection dropped before the check arrived: say so, and stay on the step.
      toast.error(API_MESSAGES.unavailable, { id: 'wizard-step-invalid' });
      const errors = { root: { type: 'unavailable', message: API_MESSAGES.unavailable } } as FieldErrors<StepForms[N]>;
      return { values: {}, errors };
    }
    const [schemas, { zodResolver }] = loaded;
    const resolve = zodResolver(schemas[STEP_SCHEMAS[step]], undefined, { raw: true }) as unknown as Resolver<StepForms[N]>;
    return resolve(values, context, options);
  };
}

/**
 * A step's form: raw values kept (the wizard stores what was typed; the whole request is parsed once
 * more at submit), and the docs/spec.md §5 toast when Next is refused.
 */
export function useStepForm<N extends FormStep>(step: N, defaultValues: DefaultValues<StepForms[N]>) {
  const form = useForm<StepForms[N]>({
    resolver: stepResolver(step),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useEffect(() => {
    const part = DRAFT_PARTS[step];
    if (!part) return;
    // Kept as typed, not only on Next: a reload mid-step brings back what was on the screen (decision 0021).
    return form.subscribe({ formState: { values: true }, callback: ({ values }) => saveDraftValues(part, values) });
  }, [form, step]);
  const onInvalid = (errors: FieldErrors<FieldValues>) => {
    const messages = STEPS[step]!.fields.map((name) => errors[name]?.message).filter(
      (message): message is string => typeof message === 'string',
    );
    const message = stepToast(messages);
    // One toast per refusal, replaced rather than stacked when Next is pressed again.
    if (message) toast.error(message, { id: 'wizard-step-invalid' });
  };
  return { form, onInvalid };
}
