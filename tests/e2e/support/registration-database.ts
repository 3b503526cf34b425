import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The local PostgreSQL server; the shared e2e server's embedded database is locked by that process. */
export const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type RegistrationDatabase = {
  url: string;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

/** An empty database of its own, for a server started on it; the server's start migrates it. */
export async function createRegistrationDatabase(serverUrl = POSTGRES_URL): Promise<RegistrationDatabase> {
  const name = `e2e_registration_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
