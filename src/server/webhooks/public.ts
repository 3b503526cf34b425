// The worker's decoration of the app (`app.webhooks`), which the outbox's wake-up reaches.
import type {} from './webhook-worker.js';

// What other folders may use of webhooks/: recording an event in the changing transaction, and the
// payloads. The rest (the worker, the admin API) is its own (decision 0042).
export { enqueueWebhookEvent, type WebhookEventInput } from './webhook-events.js';
export {
  merchantStatusChangedEvent,
  orderCreatedEvent,
  orderDeliveredEvent,
  orderPaidEvent,
  orderShippedEvent,
} from './webhook-payloads.js';
