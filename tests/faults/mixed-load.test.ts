import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server-process.js';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { makeJpeg, registerOverHttp, UnexpectedStatus, type HttpRegistration } from '../support/registration-fixtures.js';
import { AdminClient, editBody, mapLimit, type MerchantDetail } from './support/admin-client.js';
import { inspectDatabase } from './support/database-inspection.js';
import { ENGINES, faultServerEnv, faultsRandom, LOAD_CONNECTIONS, LOAD_SECONDS } from './support/fault-settings.js';
import { secretsInLog } from './support/log-secrets.js';

type Engine = 'pglite' | 'postgres';
type Action = 'lookup' | 'register' | 'list' | 'edit' | 'status';

/** The mix: mostly reads, as in a day of real use, with enough writes to race each other. */
const MIX: [Action, number][] = [
  ['lookup', 35],
  ['register', 15],
  ['list', 30],
  ['edit', 10],
  ['status', 10],
];
const STATUSES = ['processing', 'verified', 'rejected', 'data_tidak_lengkap'] as const;
const SEARCHES = [
  '?page_size=25',
  '?q=Warung&page_size=25',
  '?status=processing&page_size=50',
  '?sort=nama_toko&page=2&page_size=25',
  '?q=siti',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function pickAction(random: () => number): Action {
  let roll = random() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [action, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'lookup';
}

class Tally {
  readonly byStatus = new Map<string, number>();
  readonly serverErrors: string[] = [];
  readonly networkErrors: string[] = [];
  requests = 0;

  /** `requests`: HTTP requests this answer stands for (a registration is five uploads and the submission). */
  record(action: string, status: number, body?: string, requests = 1): void {
    this.requests += requests;
    const key = `${action} ${status}`;
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    if (status >= 500) this.serverErrors.push(`${key}: ${body?.slice(0, 200) ?? ''}`);
  }
}

// Both engines at once (decision 0026): the load runs for a fixed time whatever the throughput, and every assertion
// is about correctness, never speed; the throughput printed is the share each engine got.
describe.concurrent.each(ENGINES.map((engine) => [engine] as [Engine]))('mixed load on %s', (engine) => {
  let database: FreshDatabase | undefined;
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it(
    `answers ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s without a 5xx, losing or doubling no registration`,
    { timeout: 600_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `aipos-faults-load-${engine}-`));
      database = engine === 'postgres' ? await createFreshDatabase() : undefined;
      // Request lines at info for every request are the production setting; keep them, they are part of the cost.
      server = await startServer(faultServerEnv(dataDir, database?.url));
      const baseUrl = server.baseUrl;
      const jpeg = await makeJpeg();
      const admin = await AdminClient.signIn(baseUrl);
      const registered: HttpRegistration[] = await mapLimit(
        Array.from({ length: 20 }, (_, i) => i),
        4,
        (i) => registerOverHttp(baseUrl, { overrides: { nama_toko: `Warung Uji awal ${i}` }, jpeg }),
      );
      // The public answer has no internal id: the admin finds each target once by its code, as a reviewer would.
      const ids = new Map<string, string>();
      const idOf = async (registration: HttpRegistration): Promise<string> => {
        const known = ids.get(registration.kode_pendaftaran);
        if (known) return known;
        const id = (await admin.findByCode(registration.kode_pendaftaran))[0]?.id ?? '00000000-0000-4000-8000-000000000000';
        ids.set(registration.kode_pendaftaran, id);
        return id;
      };
      const tally = new Tally();
      const attemptedKeys = new Set<string>();
      const random = faultsRandom(`load ${engine}`);

      const act = async (action: Action, worker: number, n: number): Promise<void> => {
        const target = pick(random, registered);
        switch (action) {
          case 'lookup': {
            const response = await fetch(`${baseUrl}/api/status/lookup`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ kode_pendaftaran: target.kode_pendaftaran, receipt_token: target.receipt_token }),
            });
            tally.record(action, response.status, await response.text());
            return;
          }
          case 'register': {
            try {
              registered.push(
                await registerOverHttp(baseUrl, {
                  overrides: { nama_toko: `Warung Uji w${worker}n${n}` },
                  jpeg,
                  onKey: (key) => attemptedKeys.add(key),
                }),
              );
              tally.record(action, 201, undefined, 6);
            } catch (error) {
              if (!(error instanceof UnexpectedStatus)) throw error;
              tally.record(action, error.status, error.message);
            }
            return;
          }
          case 'list': {
            const response = await admin.fetch(`/api/admin/merchants${pick(random, SEARCHES)}`);
            tally.record(action, response.status, await response.text());
            return;
          }
          case 'edit': {
            const targetId = await idOf(target);
            const read = await admin.fetch(`/api/admin/merchants/${targetId}`);
            const text = await read.text();
            tally.record('detail', read.status, text);
            if (read.status !== 200) return;
            const detail = JSON.parse(text) as MerchantDetail;
            const response = await admin.fetch(`/api/admin/merchants/${targetId}`, {
              method: 'PUT',
              body: JSON.stringify(editBody(detail, { nama_toko: `Warung Diubah ${worker}-${n}`, omset_per_bulan: 1_000_000 + n })),
            });
            // 409 is the expected answer when another worker saved the same merchant since the read.
            tally.record(action, response.status, await response.text());
            return;
          }
          case 'status': {
            const status = pick(random, STATUSES);
            // A fix request names what to fix (decision 0018); the other statuses send no list.
            const perbaikan = status === 'data_tidak_lengkap' ? [{ field: 'foto_ktp', alasan: 'Foto buram' }] : undefined;
            const response = await admin.fetch(`/api/admin/merchants/${await idOf(target)}/status`, {
              method: 'POST',
              body: JSON.stringify({ status, catatan_admin: 'Dicek saat uji beban', perbaikan }),
            });
            tally.record(action, response.status, await response.text());
            return;
          }
        }
      };

      const started = Date.now();
      const deadline = started + LOAD_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: LOAD_CONNECTIONS }, async (_, worker) => {
          for (let n = 0; Date.now() < deadline; n += 1) {
            try {
              await act(pickAction(random), worker, n);
            } catch (error) {
              tally.networkErrors.push((error as Error).message);
            }
          }
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      const listedTotal = await admin.total();
      await server.stop();
      server = undefined;

      const inspection = await inspectDatabase(dataDir, database?.url);
      const stored = new Map<string, number>();
      for (const merchant of inspection.merchants) stored.set(merchant.kode_pendaftaran, (stored.get(merchant.kode_pendaftaran) ?? 0) + 1);
      const acknowledged = registered.length;
      const summary = [...tally.byStatus.entries()]
        .sort()
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ');
      console.log(
        `[load ${engine}] ${LOAD_CONNECTIONS} connections, ${seconds.toFixed(1)} s, ${tally.requests} HTTP requests (${(tally.requests / seconds).toFixed(0)}/s). ${summary}. ${acknowledged} registrations acknowledged (20 before the load), ` +
          `${inspection.merchants.length} stored, admin list total ${listedTotal}.`,
      );

      expect(tally.serverErrors, 'no 5xx').toEqual([]);
      expect(secretsInLog(path.join(dataDir, 'server.log')), 'no NIK, account number, password or session token logged').toEqual([]);
      expect(tally.networkErrors, 'no dropped connection').toEqual([]);
      expect(
        [...tally.byStatus.keys()].filter((key) => key.endsWith(' 429')),
        'rate limits were raised for the run',
      ).toEqual([]);
      expect(tally.byStatus.get('register 201') ?? 0, 'registrations went through under load').toBeGreaterThan(0);
      expect(
        registered.filter((r) => stored.get(r.kode_pendaftaran) !== 1).map((r) => r.kode_pendaftaran),
        'every 201 stored exactly once',
      ).toEqual([]);
      expect(inspection.merchants.length, 'no row beyond the acknowledged registrations').toBe(acknowledged);
      expect(listedTotal).toBe(acknowledged);
      expect(new Set(inspection.merchants.map((m) => m.idempotency_key)).size).toBe(acknowledged);
      expect(inspection.missingFiles).toEqual([]);
      expect(inspection.claimMismatches).toBe(0);
      // Every submission attempted under load was answered 201: none refused, none left half-done.
      expect(attemptedKeys.size).toBe(acknowledged - 20);
    },
  );
});
