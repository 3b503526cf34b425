import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { GENEROUS_LIMITS, multipartBody, registrationBody, REQUIRED_SLOTS } from '../../../tests/support/registration-fixtures.js';
import { uploads } from '../db/schema.js';

const STAGING_FULL = {
  error: { code: 'STAGING_FULL', message: 'Penyimpanan dokumen sementara sedang penuh. Silakan coba unggah lagi beberapa saat lagi.' },
};

describe('POST /api/uploads: each client IP holds at most STAGED_UPLOADS_PER_IP_MB of staged documents', () => {
  const t = testAppPerSuite({ env: { ...GENEROUS_LIMITS, STAGED_UPLOADS_MAX_MB: '50', STAGED_UPLOADS_PER_IP_MB: '1' } });
  const upload = async (ip: string, slot: string, file: Buffer) => {
    const body = await multipartBody([{ name: slot, data: file, filename: 'foto.png', contentType: 'image/png' }]);
    return t.app.inject({ method: 'POST', url: '/api/uploads', remoteAddress: ip, ...body });
  };

  it('a flood from one address fills only its share: 503 for it, another address still uploads; claiming frees the share and drops the IP', async () => {
    // A noisy photo stays a few hundred KB after re-encoding: a few fit under 1 MB, then no more.
    const file = await sharp({
      create: { width: 500, height: 500, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const flooder = '203.0.113.50';
    const accepted: string[] = [];
    let refused: Awaited<ReturnType<typeof upload>> | null = null;
    for (let i = 0; i < 10 && !refused; i += 1) {
      const response = await upload(flooder, 'foto_usaha', file);
      if (response.statusCode === 201) accepted.push(response.json().upload_id);
      else refused = response;
    }
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused?.statusCode).toBe(503);
    expect(refused?.json()).toEqual(STAGING_FULL);
    const flooded = await t.database.db.select().from(uploads).where(eq(uploads.clientIp, flooder));
    expect(flooded).toHaveLength(accepted.length);
    expect(flooded.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(1024 * 1024);

    // Another applicant is not affected: the whole cap (50 MB) is far away.
    const other = await upload('198.51.100.7', 'foto_usaha', file);
    expect(other.statusCode).toBe(201);
    expect((await t.database.db.select().from(uploads).where(eq(uploads.id, other.json().upload_id)))[0]!.clientIp).toBe('198.51.100.7');

    // A registration from the flooding address claims its uploads: they leave its share, and the row forgets the IP.
    const small = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const documents: Record<string, string> = { foto_usaha: accepted[0]! };
    for (const slot of REQUIRED_SLOTS.filter((s) => s !== 'foto_usaha')) {
      const response = await upload('198.51.100.8', slot, small);
      expect(response.statusCode).toBe(201);
      documents[slot] = response.json().upload_id;
    }
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      remoteAddress: flooder,
      payload: registrationBody(documents),
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(registered.statusCode).toBe(201);
    const claimed = await t.database.db.select().from(uploads).where(eq(uploads.id, accepted[0]!));
    expect(claimed[0]).toMatchObject({ clientIp: null });
    expect(claimed[0]!.claimedBy).not.toBeNull();
    expect((await upload(flooder, 'foto_usaha', file)).statusCode).toBe(201);
    // Only staged rows carry an address.
    const withIp = await t.database.db.select({ claimedBy: uploads.claimedBy }).from(uploads).where(isNull(uploads.claimedBy));
    expect(withIp.length).toBeGreaterThan(0);
    expect((await t.database.db.select().from(uploads)).filter((row) => row.claimedBy !== null && row.clientIp !== null)).toEqual([]);
  });
});
