import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { stepToast } from './wizard-schemas';

/**
 * A step's form: the domain schema through zodResolver, raw values kept (the wizard stores what was
 * typed; the whole request is parsed once more at submit), and the SPEC §5 toast when Next is refused.
 */
export function useStepForm<S extends z.ZodObject>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const form = useForm<z.input<S>, unknown, z.input<S>>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const onInvalid = (errors: FieldErrors<FieldValues>) => {
    const messages = Object.keys(schema.shape)
      .map((name) => errors[name]?.message)
      .filter((message): message is string => typeof message === 'string');
    const message = stepToast(messages);
    // One toast per refusal, replaced rather than stacked when Next is pressed again.
    if (message) toast.error(message, { id: 'wizard-step-invalid' });
  };
  return { form, onInvalid };
}
