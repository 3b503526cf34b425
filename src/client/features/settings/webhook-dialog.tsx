import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WebhookCreateSchema,
  type Webhook,
  type WebhookCreated,
  type WebhookEvent,
} from '../../../domain/webhooks';
import { CopyButton } from '../../components/copy-button';
import { TextField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFormActions, MountedDialog } from '../../components/ui/dialog';
import { Checkbox } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api-client';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { WEBHOOK_TEXTS } from './webhook-texts';
import { useWebhookMutations } from './webhooks-api';

const WebhookFormSchema = WebhookCreateSchema.pick({ url: true, events: true });
type WebhookForm = z.infer<typeof WebhookFormSchema>;

type WebhookDialogProps = {
  /** `new` for 'Tambah Webhook', an endpoint to change it, null when closed. */
  editing: Webhook | 'new' | null;
  onClose: () => void;
  /** After a creation: the answer with the secret, to be shown once. */
  onCreated: (created: WebhookCreated) => void;
};

/** 'Tambah Webhook' and 'Ubah Webhook': the URL and the events (whether it is active is the list's switch). */
export function WebhookDialog({ editing, onClose, onCreated }: WebhookDialogProps) {
  const endpoint = editing === 'new' ? null : editing;
  return (
    <MountedDialog open={editing !== null} onClose={onClose} title={endpoint ? WEBHOOK_TEXTS.edit : WEBHOOK_TEXTS.add}>
      {/* Keyed: opening another endpoint starts from its values. */}
      <WebhookFormBody key={endpoint?.id ?? 'new'} endpoint={endpoint} onDone={onClose} onCreated={onCreated} />
    </MountedDialog>
  );
}

function WebhookFormBody({
  endpoint,
  onDone,
  onCreated,
}: {
  endpoint: Webhook | null;
  onDone: () => void;
  onCreated: (created: WebhookCreated) => void;
}) {
  const form = useForm<WebhookForm>({
    resolver: zodResolver(WebhookFormSchema),
    defaultValues: { url: endpoint?.url ?? '', events: endpoint?.events ?? [] },
  });
  const { create, update } = useWebhookMutations();
  const pending = create.isPending || update.isPending;

  const failed = (title: string) => (error: unknown) => {
    toast.error(title, { description: serverMessage(error) });
    const field = error instanceof ApiRequestError ? error.field?.split('.')[0] : undefined;
    if (field === 'url' || field === 'events') form.setError(field, { message: (error as ApiRequestError).message }, { shouldFocus: true });
  };

  const submit = form.handleSubmit((values) =>
    endpoint
      ? update.mutateAsync({ id: endpoint.id, body: values }).then(() => {
          toast.success(WEBHOOK_TEXTS.updated);
          onDone();
        }, failed(WEBHOOK_TEXTS.updateFailed))
      : create.mutateAsync(values).then((created) => {
          toast.success(WEBHOOK_TEXTS.created);
          onDone();
          onCreated(created);
        }, failed(WEBHOOK_TEXTS.createFailed)),
  );

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={endpoint ? WEBHOOK_TEXTS.edit : WEBHOOK_TEXTS.add}
        className="space-y-4"
      >
        <TextField
          name="url"
          label={WEBHOOK_TEXTS.urlLabel}
          required
          autoComplete="off"
          placeholder="https://erp.contoh.co.id/aipos/webhook"
          hint={WEBHOOK_TEXTS.urlHint}
        />
        <EventsField />
        <DialogFormActions pending={pending}>Simpan</DialogFormActions>
      </form>
    </FormProvider>
  );
}

/** One native checkbox per event, all named `events`: react-hook-form reads the checked ones as the array. */
function EventsField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<WebhookForm>();
  const error = errors.events?.message ?? errors.events?.root?.message;
  return (
    <fieldset aria-describedby={error ? 'webhook-events-error' : undefined} aria-invalid={Boolean(error)}>
      <legend className="text-sm font-medium text-slate-800">{WEBHOOK_TEXTS.eventsLegend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event: WebhookEvent) => (
          <label key={event} className="flex items-start gap-2 text-sm text-slate-800">
            <Checkbox className="mt-0.5" value={event} {...register('events')} />
            <span>
              {WEBHOOK_EVENT_LABELS[event]} <span className="block font-mono text-xs text-slate-600">{event}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="webhook-events-error" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Right after 'Tambah Webhook': the secret, once, with its copy button. */
export function WebhookSecretDialog({ created, onClose }: { created: WebhookCreated | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      {created && (
        <DialogContent title={WEBHOOK_TEXTS.secretTitle} description={WEBHOOK_TEXTS.secretWarning}>
          <p className="text-sm text-slate-700">{WEBHOOK_TEXTS.secretUsage}</p>
          <p className="mt-1 break-all text-xs text-slate-600">{created.url}</p>
          <div className="mt-4">
            <span className="text-sm font-medium text-slate-800">{WEBHOOK_TEXTS.secretLabel}</span>
            <div className="mt-1 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2">
              <code className="flex-1 break-all font-mono text-sm" data-testid="webhook-secret">
                {created.secret}
              </code>
              <CopyButton value={created.secret} label={WEBHOOK_TEXTS.copySecret} />
            </div>
          </div>
          <div className="mt-6 flex justify-end">
            <DialogClose asChild>
              <Button>{WEBHOOK_TEXTS.done}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
