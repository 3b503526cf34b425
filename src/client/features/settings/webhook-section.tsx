import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookCreated } from '../../../domain/webhooks';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { serverMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDialog, WebhookSecretDialog } from './webhook-dialog';
import { WEBHOOK_TEXTS } from './webhook-texts';
import { useWebhookMutations, useWebhooks } from './webhooks-api';

/**
 * Admin → Settings → Webhook: the provider's endpoints (GET/POST/PUT/DELETE /api/admin/webhooks, each
 * change audited), the secret shown once after 'Tambah Webhook', and a delivery log per endpoint.
 */
export function WebhookSection() {
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const { remove } = useWebhookMutations();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(WEBHOOK_TEXTS.deleted);
        setDeleting(null);
      },
      onError: (error) => toast.error(WEBHOOK_TEXTS.deleteFailed, { description: serverMessage(error) }),
    });
  };

  return (
    <Card className="p-6">
      <section aria-labelledby="webhook-section-title">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="webhook-section-title" className="text-lg font-semibold">
              {WEBHOOK_TEXTS.title}
            </h2>
            <p className="mt-1 max-w-prose text-xs text-slate-600">{WEBHOOK_TEXTS.intro}</p>
          </div>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden /> {WEBHOOK_TEXTS.add}
          </Button>
        </div>
        <div className="mt-4">
          {webhooks.isPending ? (
            <Skeleton className="h-20 w-full" />
          ) : webhooks.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {WEBHOOK_TEXTS.loadFailed}
            </p>
          ) : webhooks.data.length === 0 ? (
            <p className="text-sm text-slate-600">{WEBHOOK_TEXTS.empty}</p>
          ) : (
            <ul className="space-y-4" aria-label="Daftar webhook">
              {webhooks.data.map((endpoint) => (
                <WebhookItem
                  key={endpoint.id}
                  endpoint={endpoint}
                  onEdit={() => setEditing(endpoint)}
                  onDelete={() => setDeleting(endpoint)}
                />
              ))}
            </ul>
          )}
        </div>
      </section>
      <WebhookDialog editing={editing} onClose={() => setEditing(null)} onCreated={setCreated} />
      <WebhookSecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={WEBHOOK_TEXTS.deleteTitle}
        description={deleting ? WEBHOOK_TEXTS.deleteDescription(deleting.url) : ''}
        confirmLabel={WEBHOOK_TEXTS.deleteConfirm}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
      />
    </Card>
  );
}

function WebhookItem({ endpoint, onEdit, onDelete }: { endpoint: Webhook; onEdit: () => void; onDelete: () => void }) {
  const id = useId();
  const [showLog, setShowLog] = useState(false);
  const { update } = useWebhookMutations();
  const toggle = (active: boolean) =>
    update.mutate(
      { id: endpoint.id, body: { active } },
      {
        onSuccess: () => toast.success(active ? WEBHOOK_TEXTS.activated : WEBHOOK_TEXTS.deactivated),
        onError: (error) => toast.error(WEBHOOK_TEXTS.updateFailed, { description: serverMessage(error) }),
      },
    );

  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid="webhook-item">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p id={`${id}-url`} className="break-all font-mono text-sm font-medium text-slate-900">
            {endpoint.url}
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Event ${endpoint.url}`}>
            {endpoint.events.map((event) => (
              <li key={event}>
                <Badge colours="bg-slate-100 text-slate-800" title={WEBHOOK_EVENT_LABELS[event]}>
                  {event}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-active`} className="text-sm text-slate-800">
            {WEBHOOK_TEXTS.activeLabel}
          </label>
          <Switch
            id={`${id}-active`}
            name="active"
            checked={endpoint.active}
            disabled={update.isPending}
            onCheckedChange={toggle}
            aria-describedby={`${id}-url`}
          />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          aria-expanded={showLog}
          aria-controls={`${id}-log`}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {WEBHOOK_TEXTS.deliveriesShow}
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Ubah webhook ${endpoint.url}`}>
          <Pencil aria-hidden /> Ubah
        </Button>
        <Button size="sm" variant="ghostDanger" onClick={onDelete} aria-label={`Hapus webhook ${endpoint.url}`}>
          <Trash2 aria-hidden /> Hapus
        </Button>
      </div>
      <div id={`${id}-log`} className="mt-3" hidden={!showLog}>
        {showLog && <WebhookDeliveries endpoint={endpoint} />}
      </div>
    </li>
  );
}
