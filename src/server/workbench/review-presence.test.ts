import { describe, expect, it } from 'vitest';
import type { ReviewPresence } from '../../domain/workbench.js';
import { ReviewPresenceStore } from './review-presence.js';

const MERCHANT = '4d7f0b8e-7c1a-4a52-9d8e-0d0b7a0c9f11';

describe('ReviewPresenceStore', () => {
  it('announces joins and leaves, not heartbeats, and forgets an admin 45 s after the last heartbeat', () => {
    let now = 1_000_000;
    const store = new ReviewPresenceStore(() => now);
    const seen: ReviewPresence[] = [];
    const stop = store.subscribe((presence) => seen.push(presence));
    store.beat(MERCHANT, { id: 'a', name: 'ani@aipos.test' });
    store.beat(MERCHANT, { id: 'b', name: 'budi@aipos.test' });
    now += 20_000;
    store.beat(MERCHANT, { id: 'a', name: 'ani@aipos.test' });
    expect(seen.map((p) => p.admins.map((a) => a.id))).toEqual([['a'], ['a', 'b']]);
    // b sent nothing for 45 s; a's heartbeat 20 s ago keeps a.
    now += 25_000;
    expect(store.list(MERCHANT).admins).toEqual([{ id: 'a', name: 'ani@aipos.test' }]);
    store.leave(MERCHANT, 'a');
    expect(seen.at(-1)).toEqual({ merchant_id: MERCHANT, admins: [] });
    stop();
    store.beat(MERCHANT, { id: 'c', name: 'citra@aipos.test' });
    expect(seen).toHaveLength(3);
  });
});
