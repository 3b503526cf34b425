import { describe, expect, it } from 'vitest';
import { twoAdminsPerSuite, type SignedIn } from '../../../tests/support/admin-session.js';
import { VIEW_MESSAGES } from '../../domain/saved-views.js';

describe('saved views of the queue and the merchant list', () => {
  const { t, ani, budi } = twoAdminsPerSuite();
  const call = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });
  const names = async (who: SignedIn, query = '') =>
    ((await call(who, 'GET', `/api/admin/views${query}`)).json() as { nama: string }[]).map((v) => v.nama);

  it('lists mine and the shared ones; only the owner deletes (403 for another admin)', async () => {
    const mine = await call(ani, 'POST', '/api/admin/views', {
      nama: 'Ditolak minggu ini',
      daftar: 'merchant',
      filter: { status: 'rejected', sort: 'newest' },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({
      nama: 'Ditolak minggu ini',
      daftar: 'merchant',
      filter: { status: 'rejected', sort: 'newest' },
      dibagikan: false,
      milik_saya: true,
      pembuat: 'ani@aipos.test',
    });
    const shared = await call(ani, 'POST', '/api/admin/views', {
      nama: 'Antrean saya',
      daftar: 'antrean',
      filter: { sort: 'queue', klaim: 'saya' },
      dibagikan: true,
    });
    expect(shared.statusCode).toBe(201);
    expect(await names(ani)).toEqual(['Ditolak minggu ini', 'Antrean saya']);
    expect(await names(ani, '?daftar=antrean')).toEqual(['Antrean saya']);
    expect(await names(budi)).toEqual(['Antrean saya']);
    expect((await call(budi, 'GET', '/api/admin/views')).json()[0]).toMatchObject({ milik_saya: false, pembuat: 'ani@aipos.test' });

    const refused = await call(budi, 'DELETE', `/api/admin/views/${shared.json().id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'NOT_VIEW_OWNER', message: VIEW_MESSAGES.notOwner } });
    // Another admin's private view is not there for them at all.
    expect((await call(budi, 'DELETE', `/api/admin/views/${mine.json().id}`)).statusCode).toBe(404);
    expect((await call(ani, 'DELETE', `/api/admin/views/${shared.json().id}`)).statusCode).toBe(204);
    expect(await names(budi)).toEqual([]);
    expect(await names(ani)).toEqual(['Ditolak minggu ini']);
  });

  it('checks the filter against the list filter: unknown keys, bad values and identity numbers are 400', async () => {
    const post = (payload: object) => call(ani, 'POST', '/api/admin/views', payload);
    expect((await post({ nama: 'x', daftar: 'merchant', filter: { warna: 'merah' } })).statusCode).toBe(400);
    expect((await post({ nama: 'x', daftar: 'merchant', filter: { status: 'hilang' } })).statusCode).toBe(400);
    expect((await post({ nama: 'x', daftar: 'pesanan', filter: {} })).statusCode).toBe(400);
    const nik = await post({ nama: 'x', daftar: 'merchant', filter: { q: '3174015503900001' } });
    expect(nik.statusCode).toBe(400);
    expect(nik.json().error.message).toBe(VIEW_MESSAGES.identityInFilter);
    expect((await post({ nama: '  ', daftar: 'merchant', filter: {} })).json().error.message).toBe(VIEW_MESSAGES.nameRequired);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/views' })).statusCode).toBe(401);
  });
});
