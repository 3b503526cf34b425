import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The Asia/Jakarta calendar day of a timestamptz column. The dashboard's indexes are built on this very
 * expression and its queries filter and group by it, so PostgreSQL reads the days from the index alone
 * (an immutable expression: the zone is a literal, never a parameter). Decision 0027.
 */
export const wibDay = (column: AnyPgColumn): SQL => sql`((${column} at time zone 'Asia/Jakarta')::date)`;
