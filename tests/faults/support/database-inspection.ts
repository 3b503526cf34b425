import { existsSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDataDir } from '../../../src/server/db/data-dir-lock.js';

const DOCUMENT_COLUMNS = ['foto_ktp', 'foto_selfie_ktp', 'foto_kk', 'foto_usaha', 'foto_produk', 'npwp_file', 'siup_nib_file'] as const;

export type MerchantKeys = { id: string; kode_pendaftaran: string; idempotency_key: string | null; keys: string[] };

export type Inspection = {
  merchants: MerchantKeys[];
  /** Document columns whose key has no file under DATA_DIR/files. */
  missingFiles: { merchant: string; key: string }[];
  /** Uploads marked claimed whose merchant row does not exist. */
  claimedWithoutMerchant: number;
  /** A merchant's document key that no upload row claimed by that merchant holds (or the reverse). */
  claimMismatches: number;
  /** Upload rows nobody claimed yet: staged, the hourly purge removes them after 24 hours. */
  stagedRows: number;
  /** Finished files no upload row and no merchant refers to: nothing would ever purge them. */
  unreferencedFiles: string[];
  /** Half-written temporary files of a write the kill interrupted (never readable under a real key). */
  tempFiles: string[];
};

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * Reads the database of a stopped server directly: PGlite under DATA_DIR (holding its lock, so a stray
 * server cannot open it meanwhile) or the PostgreSQL database at `databaseUrl`.
 */
export async function inspectDatabase(dataDir: string, databaseUrl?: string): Promise<Inspection> {
  return withDatabase(dataDir, databaseUrl, (query) => inspect(dataDir, query));
}

/** Makes every staged (unclaimed) upload look older than the purge's 24 hours, so the next boot removes it. */
export async function ageStagedUploads(dataDir: string, databaseUrl?: string): Promise<number> {
  return withDatabase(dataDir, databaseUrl, async (query) => {
    const rows = await query(`update uploads set created_at = created_at - interval '25 hours' where claimed_by is null returning id`);
    return rows.length;
  });
}

async function withDatabase<T>(dataDir: string, databaseUrl: string | undefined, task: (query: Query) => Promise<T>): Promise<T> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await task(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
    } finally {
      await client.end();
    }
  }
  const unlock = lockDataDir(dataDir);
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    return await task(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
    unlock();
  }
}

async function inspect(dataDir: string, query: Query): Promise<Inspection> {
  const rows = await query(`select id, kode_pendaftaran, idempotency_key, ${DOCUMENT_COLUMNS.join(', ')} from merchants`);
  const merchants: MerchantKeys[] = rows.map((row) => ({
    id: String(row.id),
    kode_pendaftaran: String(row.kode_pendaftaran),
    idempotency_key: row.idempotency_key === null ? null : String(row.idempotency_key),
    keys: DOCUMENT_COLUMNS.map((column) => row[column]).filter((key): key is string => typeof key === 'string'),
  }));
  const filesRoot = path.join(dataDir, 'files');
  const missingFiles = merchants.flatMap((m) =>
    m.keys.filter((key) => !existsSync(path.join(filesRoot, key))).map((key) => ({ merchant: m.kode_pendaftaran, key })),
  );

  const [orphanClaims] = await query(
    `select count(*)::int as n from uploads u left join merchants m on m.id = u.claimed_by where u.claimed_by is not null and m.id is null`,
  );
  const uploads = await query(`select storage_key, claimed_by from uploads`);
  const claimedKeys = new Map(uploads.filter((u) => u.claimed_by !== null).map((u) => [String(u.storage_key), String(u.claimed_by)]));
  let claimMismatches = 0;
  for (const merchant of merchants) {
    for (const key of merchant.keys) if (claimedKeys.get(key) !== merchant.id) claimMismatches += 1;
  }
  const merchantKeyCount = merchants.reduce((n, m) => n + m.keys.length, 0);
  // Every claimed upload belongs to exactly one of those keys; more claims than keys is a mismatch too.
  claimMismatches += Math.max(0, claimedKeys.size - merchantKeyCount);

  const referenced = new Set<string>([...uploads.map((u) => String(u.storage_key)), ...merchants.flatMap((m) => m.keys)]);
  const documentsDir = path.join(filesRoot, 'documents');
  const onDisk = existsSync(documentsDir) ? readdirSync(documentsDir).map((name) => `documents/${name}`) : [];
  return {
    merchants,
    missingFiles,
    claimedWithoutMerchant: Number(orphanClaims?.n ?? 0),
    claimMismatches,
    stagedRows: uploads.filter((u) => u.claimed_by === null).length,
    unreferencedFiles: onDisk.filter((key) => !key.endsWith('.tmp') && !referenced.has(key)),
    tempFiles: onDisk.filter((key) => key.endsWith('.tmp')),
  };
}

/** Dates every interrupted temp file two hours back, as if the crash had been that long ago; returns how many. */
export function ageTempFiles(dataDir: string): number {
  const documentsDir = path.join(dataDir, 'files', 'documents');
  const temps = existsSync(documentsDir) ? readdirSync(documentsDir).filter((name) => name.endsWith('.tmp')) : [];
  const then = new Date(Date.now() - 2 * 60 * 60 * 1000);
  for (const name of temps) utimesSync(path.join(documentsDir, name), then, then);
  return temps.length;
}
