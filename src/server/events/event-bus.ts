import { EventEmitter } from 'node:events';
import pg from 'pg';
import { z } from 'zod';

export const MERCHANT_EVENT_KINDS = [
  'created',
  'updated',
  'status_changed',
  'deleted',
  'document_changed',
  'order_changed',
  'checks_changed',
  'note_added',
] as const;

/** What an admin screen needs to refresh: which merchant and what happened. No personal data. */
export const MerchantEventSchema = z.object({
  kind: z.enum(MERCHANT_EVENT_KINDS),
  merchant_id: z.uuid(),
  /** With `order_changed`: the order (the admin order screens listen for these). */
  order_id: z.uuid().optional(),
});
export type MerchantEvent = z.infer<typeof MerchantEventSchema>;

export type Listener = (event: MerchantEvent) => void;

export interface EventBus {
  readonly kind: 'in-process' | 'postgres';
  publish(event: MerchantEvent): Promise<void>;
  subscribe(listener: Listener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'merchant_events';

/** One process (PGlite): listeners are called directly. */
export class InProcessEventBus implements EventBus {
  readonly kind: EventBus['kind'] = 'in-process';
  protected readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(event: MerchantEvent): Promise<void> {
    this.emitter.emit(CHANNEL, event);
  }

  subscribe(listener: Listener): () => void {
    this.emitter.on(CHANNEL, listener);
    return () => this.emitter.off(CHANNEL, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * PostgreSQL: events travel through LISTEN/NOTIFY, so an admin connected to one server process sees
 * changes made through another. Every process, the publisher included, hears its own NOTIFY once.
 */
export class PostgresEventBus extends InProcessEventBus implements EventBus {
  override readonly kind = 'postgres' as const;
  private listener: pg.Client | null = null;
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly onError: (error: Error) => void,
  ) {
    super();
  }

  static async connect(url: string, onError: (error: Error) => void): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(url, new pg.Pool({ connectionString: url, max: 2 }), onError);
    bus.pool.on('error', onError);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      const parsed = MerchantEventSchema.safeParse(parsePayload(message.payload));
      if (parsed.success) this.emitter.emit(CHANNEL, parsed.data);
    });
    // A dropped listening connection is re-opened; events sent meanwhile are lost, and screens
    // refetch on reconnect anyway.
    client.on('error', (error) => {
      this.onError(error);
      if (!this.closed) setTimeout(() => void this.listen().catch(this.onError), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
  }

  override async publish(event: MerchantEvent): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.listener?.end().catch(() => {});
    await this.pool.end().catch(() => {});
  }
}

/** Anyone with access to the database can NOTIFY this channel: a payload that is not JSON is ignored. */
function parsePayload(payload: string | undefined): unknown {
  try {
    return JSON.parse(payload ?? 'null');
  } catch {
    return null;
  }
}
