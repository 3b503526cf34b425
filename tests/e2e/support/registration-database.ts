import pg from 'pg';
import { createFreshDatabase } from '../../support/fresh-database.js';

export type RegistrationDatabase = {
  url: string;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

/** An empty database of its own, for a server started on it; the server's start migrates it. */
export async function createRegistrationDatabase(): Promise<RegistrationDatabase> {
  const fresh = await createFreshDatabase({ prefix: 'e2e_registration' });
  return {
    ...fresh,
    async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
  };
}
