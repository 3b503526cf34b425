import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshDatabase } from '../../../tests/support/fresh-database.js';
import { GENEROUS_LIMITS, registerMerchant, stageDocument } from '../../../tests/support/registration-fixtures.js';
import { s3StorageOn, startS3TestServer, type S3TestServer } from '../../../tests/support/s3-test-server.js';
import { buildApp } from '../app.js';
import { parseConfig, type Config } from '../config.js';
import { installKeyring } from '../crypto/identity-fields.js';
import { Keyring } from '../crypto/keyring.js';
import { openDatabase, type Database } from '../db/database.js';
import { LocalDiskStorage } from '../storage/local-disk-storage.js';
import type { Storage } from '../storage/storage.js';
import { createBackup } from './backup.js';
import { countPostgresRows, countRows, type TableCounts } from './database-copy.js';
import { restoreBackup } from './restore.js';
import { readTar, TarWriter } from './tar.js';

// buildApp below is the bare app: the keyring the encrypted columns use is installed here, as server.ts does.
installKeyring(new Keyring(Buffer.alloc(32, 5)));

const temp = mkdtempSync(path.join(tmpdir(), 'aipos-backup-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const dirIn = (name: string) => path.join(temp, name);

/** SHA-256 of every stored object, by key. */
async function checksums(storage: Storage): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for await (const key of storage.list())
    sums[key] = createHash('sha256')
      .update((await storage.get(key))!)
      .digest('hex');
  return sums;
}

/** Two registrations with all their documents, one abandoned staged upload, and the audit rows they write. */
async function fillWithRegistrations(config: Config, database: Database, storage: Storage): Promise<void> {
  const app = await buildApp({ config, database, storage, clientDir: null, logger: false });
  await app.ready();
  await registerMerchant(app);
  await registerMerchant(app, { email: 'kedua@example.com' });
  await stageDocument(app, 'foto_ktp');
  await app.close();
}

async function pgliteCounts(dataDir: string): Promise<TableCounts> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    return await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

describe('tar archive', () => {
  it('reads back exactly what it wrote, across chunk boundaries', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const tar = new TarWriter(stream);
    const files = [
      { name: 'a.txt', data: Buffer.from('satu') },
      { name: 'files/documents/b.bin', data: randomBytes(70_000) },
      { name: 'kosong', data: Buffer.alloc(0) },
      { name: 'pas.bin', data: randomBytes(1024) },
    ];
    for (const file of files) await tar.add(file.name, file.data);
    await tar.finish();
    const whole = Buffer.concat(chunks);
    // Fed in odd-sized pieces, as a gunzip stream would.
    const input = new PassThrough();
    const read = (async () => {
      const entries = [];
      for await (const entry of readTar(input)) entries.push(entry);
      return entries;
    })();
    for (let i = 0; i < whole.length; i += 777) input.write(whole.subarray(i, i + 777));
    input.end();
    const entries = await read;
    expect(entries.map((e) => e.name)).toEqual(files.map((f) => f.name));
    entries.forEach((entry, i) => expect(entry.data.equals(files[i]!.data)).toBe(true));
  });

  it('refuses a truncated archive', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const tar = new TarWriter(stream);
    await tar.add('a.bin', randomBytes(5000));
    await tar.finish();
    const cut = new PassThrough();
    cut.end(Buffer.concat(chunks).subarray(0, 3000));
    await expect(async () => {
      for await (const entry of readTar(cut)) void entry;
    }).rejects.toThrow(/middle of an entry/);
  });
});

describe('backup and restore: PGlite + local disk', () => {
  const source = dirIn('source');
  const target = dirIn('target');
  const archive = dirIn('backup.tar.gz');
  const configFor = (dataDir: string) => parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...GENEROUS_LIMITS });

  it('restores into a fresh DATA_DIR with the same row counts and every document byte for byte', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: source });
    await fillWithRegistrations(configFor(source), database, new LocalDiskStorage(path.join(source, 'files')));
    await database.close();

    const manifest = await createBackup({ config: configFor(source), out: archive, log: (line) => console.log(line) });
    expect(manifest.documents).toHaveLength(11);
    expect(manifest.database.tables['public.merchants']).toBe(2);
    expect(existsSync(`${archive}.partial`)).toBe(false);

    const result = await restoreBackup({ config: configFor(target), file: archive });
    expect(result.documents).toBe(11);
    const [before, after] = [await pgliteCounts(source), await pgliteCounts(target)];
    expect(after).toEqual(before);
    expect(before['public.merchants']).toBe(2);
    expect(before['public.uploads']).toBe(11);
    expect(await checksums(new LocalDiskStorage(path.join(target, 'files')))).toEqual(
      await checksums(new LocalDiskStorage(path.join(source, 'files'))),
    );

    // The restored folder is a working DATA_DIR: the server's own open (with migrations) accepts it.
    const reopened = await openDatabase({ kind: 'pglite', dataDir: target });
    await reopened.close();
    // Each PGlite open of a data directory takes seconds here, and this test opens six.
  }, 240_000);

  it('refuses to copy while a server holds the DATA_DIR, and to restore over anything', async () => {
    // A live process other than this one (the test runner's parent) holds the lock.
    writeFileSync(path.join(source, 'server.lock'), String(process.ppid));
    await expect(createBackup({ config: configFor(source), out: dirIn('busy.tar.gz') })).rejects.toThrow(
      /in use by another server process/,
    );
    rmSync(path.join(source, 'server.lock'));
    expect(existsSync(dirIn('busy.tar.gz'))).toBe(false);

    await expect(restoreBackup({ config: configFor(target), file: archive })).rejects.toThrow(/is not empty/);
    await expect(createBackup({ config: configFor(source), out: archive })).rejects.toThrow(/already exists/);
  });

  it('refuses an archive without its manifest and leaves the target empty again', async () => {
    const { createGzip } = await import('node:zlib');
    const { createWriteStream, readdirSync } = await import('node:fs');
    const broken = dirIn('broken.tar.gz');
    const gzip = createGzip();
    const file = createWriteStream(broken);
    const written = new Promise<void>((resolve) => file.once('close', () => resolve()));
    gzip.pipe(file);
    const tar = new TarWriter(gzip);
    await tar.add('files/documents/x.jpg', Buffer.from('x'));
    await tar.finish();
    await written;
    const empty = dirIn('empty-target');
    await expect(restoreBackup({ config: configFor(empty), file: broken })).rejects.toThrow(/no manifest/);
    expect(readdirSync(empty)).toEqual([]);
  });
});

const serverUrl = process.env.DATABASE_URL;

const freshDatabase = () => createFreshDatabase({ serverUrl, prefix: 't_backup' });

const postgresCounts = countPostgresRows;

describe.runIf(serverUrl)('backup and restore: PostgreSQL + S3', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('restores pg_dump and the bucket into an empty database and an empty bucket', async () => {
    const servers: S3TestServer[] = [await startS3TestServer('quelle'), await startS3TestServer('ziel')];
    cleanups.push(async () => {
      for (const server of servers) await server.close();
    });
    const [sourceDb, targetDb] = [await freshDatabase(), await freshDatabase()];
    cleanups.push(sourceDb.drop, targetDb.drop);
    const s3 = servers.map((server) => s3StorageOn(server));
    cleanups.push(async () => s3.forEach((storage) => storage.close()));
    const configFor = (url: string, server: S3TestServer) =>
      parseConfig({ NODE_ENV: 'test', DATABASE_URL: url, ...server.env, ...GENEROUS_LIMITS });

    const database = await openDatabase({ kind: 'postgres', url: sourceDb.url, poolSize: 3 });
    await fillWithRegistrations(configFor(sourceDb.url, servers[0]!), database, s3[0]!);
    await database.close();

    const archive = dirIn('postgres.tar.gz');
    const manifest = await createBackup({ config: configFor(sourceDb.url, servers[0]!), out: archive, storage: s3[0]! });
    expect(manifest.database.kind).toBe('postgres');
    const result = await restoreBackup({ config: configFor(targetDb.url, servers[1]!), file: archive, storage: s3[1]! });
    expect(result.documents).toBe(11);
    expect(await postgresCounts(targetDb.url)).toEqual(await postgresCounts(sourceDb.url));
    expect(await checksums(s3[1]!)).toEqual(await checksums(s3[0]!));

    // Restoring again over the now-filled database is refused.
    await expect(restoreBackup({ config: configFor(targetDb.url, servers[1]!), file: archive, storage: s3[1]! })).rejects.toThrow(
      /not empty/,
    );
  });
});

describe('encrypted backups (age)', () => {
  it('writes only ciphertext for the recipient, restores with the identity, and refuses without it', async () => {
    const { generateIdentity, identityToRecipient } = await import('age-encryption');
    const identity = await generateIdentity();
    const recipient = await identityToRecipient(identity);
    const source = dirIn('age-source');
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: source, ...GENEROUS_LIMITS });
    const database = await openDatabase({ kind: 'pglite', dataDir: source });
    await fillWithRegistrations(config, database, new LocalDiskStorage(path.join(source, 'files')));
    await database.close();

    const archive = dirIn('age-backup.tar.gz.age');
    const manifest = await createBackup({ config, out: archive, recipient });
    const bytes = readFileSync(archive);
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    // Neither the tar structure nor the manifest can be read without the key.
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(false);
    await expect(createBackup({ config, out: dirIn('bad.age'), recipient: 'age1nicht-ein-schluessel' })).rejects.toThrow(
      /--recipient must be an age public key/,
    );

    const target = dirIn('age-target');
    await expect(restoreBackup({ config: parseConfig({ NODE_ENV: 'test', DATA_DIR: target }), file: archive })).rejects.toThrow(
      'this backup is encrypted: pass the age identity file with --identity FILE',
    );
    const other = await generateIdentity();
    await expect(
      restoreBackup({ config: parseConfig({ NODE_ENV: 'test', DATA_DIR: dirIn('age-wrong') }), file: archive, identity: other }),
    ).rejects.toThrow(/cannot decrypt the backup|no identity matched/);
    const result = await restoreBackup({
      config: parseConfig({ NODE_ENV: 'test', DATA_DIR: target }),
      file: archive,
      identity: `# created: now\n${identity}\n`,
    });
    expect(result.documents).toBe(manifest.documents.length);
    expect(await pgliteCounts(target)).toEqual(await pgliteCounts(source));
  }, 240_000);

  it('makes npm run backup ask for a recipient or an explicit --plain', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--out', dirIn('never.tar.gz')], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('usage: npm run backup -- --out FILE (--recipient <age public key> | --plain)');
    expect(existsSync(dirIn('never.tar.gz'))).toBe(false);
  });
});
