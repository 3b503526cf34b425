import pg from 'pg';
import type { RateCounter } from './rate-limit-store.js';
import { throttled } from './throttled.js';

/**
 * The request caps of an instance on PostgreSQL (decision 0052). An instance alone on its database counts
 * in its own memory and mirrors the counts into the shared store (Redis, else `rate_limit_counters`) every
 * tick; as soon as a second instance is there, every instance counts in the shared store, hit by hit, as
 * before (0019, 0029).
 *
 * Who is there is told by session-level advisory locks on one connection of the instance's own, so a
 * process that dies or loses that connection is gone from the count at once:
 * - PRESENCE, shared: every instance holds it while it counts at all;
 * - SOLO, exclusive: held by the instance counting in memory, taken only while it sees no one else.
 * A newcomer holds PRESENCE before it counts anything, and waits for SOLO before its first hit: the solo
 * instance hears it (NOTIFY, or its next tick), writes its counts into the store, goes back to the store
 * and lets SOLO go. So no hit is ever counted in a place the other instance cannot see.
 */

export type SoloCounter = {
  counter: RateCounter;
  /** 'solo' while this instance counts in memory. */
  mode(): Mode;
  /** One tick now (the timer runs them too): mirror the counts, or try to count alone. For tests. */
  tick(): Promise<void>;
  close(): Promise<void>;
};

/** A window's count as it stands, for the hand-over between memory and the shared store. */
export type WindowCount = { key: string; hits: number; ttlMs: number };

/** The shared store behind the counter: where the limits count while several instances run. */
export type SharedCounts = {
  counter: RateCounter;
  /** Writes these counts as they stand (nobody else counts meanwhile). */
  mirror(counts: WindowCount[]): Promise<void>;
  /** Every window that has not ended. */
  live(): Promise<WindowCount[]>;
  /** Now and then while alone: drops what the store does not expire by itself. */
  prune(): Promise<void>;
};

export type SoloCounterOptions = {
  /** The PostgreSQL server's URL: the presence locks live there, whatever the store. */
  url: string;
  store: SharedCounts;
  log: { info(message: string): void; error(object: { err: unknown }, message: string): void };
  /** How often the counts are mirrored and presence is read; a newcomer is heard at once through NOTIFY. */
  tickMs?: number;
  /** How long a newcomer waits for a solo instance's hand-over before it counts in the store anyway. */
  joinTimeoutMs?: number;
  /** Windows open at once beyond which an instance counts in the store anyway: memory stays bounded. */
  maxLocalKeys?: number;
};

type Mode = 'shared' | 'solo' | 'switching' | 'lost';
type Entry = { hits: number; resetAt: number };

// Two-key advisory locks: 'AIPS' as the namespace, so no other user of advisory locks collides with ours.
const LOCK_SPACE = 0x41495053;
const PRESENCE = 1;
const SOLO = 2;
const JOIN_CHANNEL = 'aipos_limits_join';
const PRUNE_EVERY_TICKS = 60;
/** About 15 MB of heap at 50,000 windows (20,000 measured 6 MB). */
const MAX_LOCAL_KEYS = 50_000;
/** After counting alone was given up for the number of windows: ticks before it is tried again. */
const CROWDED_BACKOFF_TICKS = 60;

const COUNT_PRESENT = `
select count(*)::int as n from pg_locks
where locktype = 'advisory' and granted and classid = $1 and objid = $2 and objsubid = 2
  and database = (select oid from pg_database where datname = current_database())`;

export async function soloCounter(options: SoloCounterOptions): Promise<SoloCounter> {
  const { store, log } = options;
  const tickMs = options.tickMs ?? 1000;
  const maxLocalKeys = options.maxLocalKeys ?? MAX_LOCAL_KEYS;
  let retryAt = 0;
  const shared = store.counter;
  const failed = throttled((error) => log.error({ err: error }, 'rate limits: mirroring or loading the counts failed'));
  const local = new Map<string, Entry>();
  const dirty = new Set<string>();
  let mode: Mode = 'switching';
  let waiting: Array<() => void> = [];
  let inFlight = 0;
  let idle: (() => void) | null = null;
  let ticks = 0;
  let closed = false;
  let presence: pg.Client | null = null;
  let joining = false;
  let running: Promise<void> = Promise.resolve();

  const setMode = (wanted: Mode) => {
    // A hand-over that ends after the presence connection dropped must not count again until it is back.
    const next = !presence && !closed && wanted !== 'switching' ? 'lost' : wanted;
    mode = next;
    if (next !== 'switching') {
      const released = waiting;
      waiting = [];
      for (const resume of released) resume();
    }
  };

  const countLocally = (key: string, windowMs: number) => {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) local.set(key, (entry = { hits: 0, resetAt: now + windowMs }));
    entry.hits += 1;
    dirty.add(key);
    return { current: entry.hits, ttl: entry.resetAt - now };
  };

  const countShared = async (key: string, windowMs: number) => {
    inFlight += 1;
    try {
      return await shared(key, windowMs);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    }
  };

  const counter: RateCounter = async (key, windowMs) => {
    if (mode === 'solo') return countLocally(key, windowMs);
    if (mode === 'shared') return countShared(key, windowMs);
    // The connection that says who is there is gone: counting now could count where another cannot see.
    if (mode === 'lost') throw new PresenceLostError();
    await new Promise<void>((resume) => waiting.push(resume));
    return counter(key, windowMs);
  };

  const sharedIdle = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve)));

  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    if (!presence) throw new Error('rate limits: no presence connection');
    return (await presence.query(text, params)).rows as T[];
  };
  const othersPresent = async () => (await query<{ n: number }>(COUNT_PRESENT, [LOCK_SPACE, PRESENCE]))[0]!.n > 1;
  const releaseSolo = () => query('select pg_advisory_unlock($1, $2)', [LOCK_SPACE, SOLO]);

  /** The counts hit since the last mirror, written as they stand; expired windows are dropped. */
  const mirror = async () => {
    const now = Date.now();
    const counts: WindowCount[] = [];
    for (const key of dirty) {
      const entry = local.get(key);
      if (entry && entry.resetAt > now) counts.push({ key, hits: entry.hits, ttlMs: entry.resetAt - now });
    }
    dirty.clear();
    for (const [key, entry] of local) if (entry.resetAt <= now) local.delete(key);
    if (counts.length === 0) return;
    try {
      await store.mirror(counts);
    } catch (error) {
      // Written at the next tick instead: a store that is down for a while misses no count.
      for (const { key } of counts) dirty.add(key);
      throw error;
    }
  };

  const enterSolo = async () => {
    if (await othersPresent()) return;
    if (!(await query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_SPACE, SOLO]))[0]!.ok) return;
    // Counted again under the lock: a newcomer that took PRESENCE before this read waits for SOLO.
    if (await othersPresent()) {
      await releaseSolo();
      return;
    }
    setMode('switching');
    try {
      await sharedIdle();
      const counts = await store.live();
      if (counts.length > maxLocalKeys / 2) {
        // So many addresses at once (an attack, most likely): the store holds them, not this heap.
        retryAt = ticks + CROWDED_BACKOFF_TICKS;
        await releaseSolo();
        setMode('shared');
        return;
      }
      const now = Date.now();
      local.clear();
      dirty.clear();
      for (const { key, hits, ttlMs } of counts) local.set(key, { hits, resetAt: now + ttlMs });
      setMode('solo');
      log.info('rate limits: alone on the database, counting in this process');
    } catch (error) {
      await releaseSolo().catch(() => {});
      setMode('shared');
      throw error;
    }
  };

  const leaveSolo = async (why: string) => {
    setMode('switching');
    try {
      await mirror();
    } finally {
      local.clear();
      setMode('shared');
      await releaseSolo();
      log.info(`rate limits: ${why}, counting in the shared store`);
    }
  };

  const tickNow = async () => {
    if (closed || !presence) return;
    ticks += 1;
    try {
      if (mode === 'solo') {
        // Presence first: a store that is down must not keep a newcomer waiting for the hand-over.
        if (await othersPresent()) {
          await leaveSolo('another instance is here');
        } else if (local.size > maxLocalKeys) {
          retryAt = ticks + CROWDED_BACKOFF_TICKS;
          await leaveSolo(`more than ${maxLocalKeys} windows open`);
        } else {
          await mirror();
          if (ticks % PRUNE_EVERY_TICKS === 0) await store.prune();
        }
      } else if (mode === 'shared' && ticks >= retryAt) {
        await enterSolo();
      }
    } catch (error) {
      failed(error);
    }
  };
  // One tick at a time: a NOTIFY and the timer may ask together.
  const tick = () => (running = running.then(tickNow));

  const connect = async () => {
    const client = new pg.Client({ connectionString: options.url });
    client.on('notification', () => void tick());
    client.on('error', (error) => lose(client, error));
    joining = true;
    try {
      await client.connect();
      presence = client;
      await join();
    } catch (error) {
      // A half-made join holds nothing worth keeping: its locks go with the connection, and the caller retries.
      if (presence === client) presence = null;
      await client.end().catch(() => {});
      throw error;
    } finally {
      joining = false;
    }
  };

  const join = async () => {
    await query('select pg_advisory_lock_shared($1, $2)', [LOCK_SPACE, PRESENCE]);
    await query(`listen ${JOIN_CHANNEL}`);
    // A solo instance hands its counts over before it lets SOLO go: wait for that, then count in the store.
    if (!(await query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_SPACE, SOLO]))[0]!.ok) {
      await query('select pg_notify($1, $2)', [JOIN_CHANNEL, '']);
      await query(`set lock_timeout = ${Number(options.joinTimeoutMs ?? 10_000)}`);
      try {
        await query('select pg_advisory_lock($1, $2)', [LOCK_SPACE, SOLO]);
      } catch (error) {
        log.error({ err: error }, 'rate limits: no hand-over from the instance counting alone; counting in the shared store');
        await query('reset lock_timeout');
        setMode('shared');
        return;
      }
      await query('reset lock_timeout');
    }
    await releaseSolo();
    setMode('shared');
    await tick();
  };

  /** The presence connection dropped: its locks are gone, so this instance stops counting until it is back. */
  const lose = (client: pg.Client, error: Error) => {
    if (presence !== client || joining) return;
    presence = null;
    log.error({ err: error }, 'rate limits: presence connection lost');
    void client.end().catch(() => {});
    if (mode === 'solo') void mirror().catch(() => {});
    local.clear();
    setMode('lost');
    const retry = () => {
      if (closed) return;
      connect().catch((again: unknown) => {
        log.error({ err: again }, 'rate limits: presence connection failed');
        setTimeout(retry, tickMs).unref();
      });
    };
    setTimeout(retry, tickMs).unref();
  };

  await connect();
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();

  return {
    counter,
    mode: () => mode,
    tick,
    async close() {
      clearInterval(timer);
      await running;
      closed = true;
      const client = presence;
      presence = null;
      if (mode === 'solo') await mirror().catch((error: unknown) => log.error({ err: error }, 'rate limits: last mirror failed'));
      setMode('shared');
      await client?.end().catch(() => {});
    },
  };
}

/** The counter's refusal while the presence connection is down (not the store's failure). */
export class PresenceLostError extends Error {
  constructor() {
    super('rate limits: the presence connection is down');
  }
}
