import { EventEmitter } from 'node:events';
import { REVIEW_PRESENCE_TTL_MS, type ReviewPresence } from '../../domain/workbench.js';
import type { Db } from '../db/database.js';

type Entry = { name: string; expiresAt: number };

/**
 * Who has a merchant open in the review screen: heartbeats every 20 s keep an entry, it expires after 45 s
 * (a closed tab that sent no DELETE). Kept in this process's memory: with several server processes behind a
 * balancer each knows only its own admins (docs/decisions/0022).
 */
export class ReviewPresenceStore {
  private readonly byMerchant = new Map<string, Map<string, Entry>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(private readonly clock: () => number = Date.now) {}

  list(merchantId: string): ReviewPresence {
    this.prune(merchantId);
    const admins = [...(this.byMerchant.get(merchantId) ?? new Map<string, Entry>())].map(([id, entry]) => ({ id, name: entry.name }));
    return { merchant_id: merchantId, admins };
  }

  /** A heartbeat: adds or refreshes the admin; announces only when the list changed. */
  beat(merchantId: string, admin: { id: string; name: string }): ReviewPresence {
    this.prune(merchantId);
    let entries = this.byMerchant.get(merchantId);
    if (!entries) this.byMerchant.set(merchantId, (entries = new Map()));
    const isNew = !entries.has(admin.id);
    entries.set(admin.id, { name: admin.name, expiresAt: this.clock() + REVIEW_PRESENCE_TTL_MS });
    this.scheduleExpiry(merchantId);
    const presence = this.list(merchantId);
    if (isNew) this.emitter.emit('change', presence);
    return presence;
  }

  leave(merchantId: string, adminId: string): ReviewPresence {
    const removed = this.byMerchant.get(merchantId)?.delete(adminId) ?? false;
    const presence = this.list(merchantId);
    if (removed) this.emitter.emit('change', presence);
    return presence;
  }

  subscribe(listener: (presence: ReviewPresence) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  /** Removes expired entries; true when any went. */
  private prune(merchantId: string): boolean {
    const entries = this.byMerchant.get(merchantId);
    if (!entries) return false;
    const now = this.clock();
    let removed = false;
    for (const [id, entry] of entries) {
      if (entry.expiresAt <= now) {
        entries.delete(id);
        removed = true;
      }
    }
    if (entries.size === 0) this.byMerchant.delete(merchantId);
    return removed;
  }

  /** An admin whose tab vanished disappears for the others when the entry expires, not at the next heartbeat. */
  private scheduleExpiry(merchantId: string): void {
    clearTimeout(this.timers.get(merchantId));
    const entries = this.byMerchant.get(merchantId);
    if (!entries || entries.size === 0) return void this.timers.delete(merchantId);
    const next = Math.min(...[...entries.values()].map((e) => e.expiresAt));
    const timer = setTimeout(
      () => {
        if (this.prune(merchantId)) this.emitter.emit('change', this.list(merchantId));
        this.scheduleExpiry(merchantId);
      },
      Math.max(0, next - this.clock()) + 10,
    );
    timer.unref();
    this.timers.set(merchantId, timer);
  }
}

// One store per application (per database handle): tests build several apps in one process.
const stores = new WeakMap<Db, ReviewPresenceStore>();

export function reviewPresence(db: Db): ReviewPresenceStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new ReviewPresenceStore()));
  return store;
}
