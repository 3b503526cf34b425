import { eq, sql } from 'drizzle-orm';
import type { UserRole } from '../../domain/vocabularies.js';
import type { Db } from '../db/database.js';
import { recoveryCodes, sessions, users, type UserRow } from '../db/schema.js';
import { hashPassword } from './password.js';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`);
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return rows.length > 0;
}

export type UpsertUserInput = {
  email: string;
  password: string;
  /** Unset keeps an existing user's role; a new user without one is an admin. */
  role?: UserRole;
  /** Removes the second factor too (an admin who lost the authenticator and the recovery codes). */
  resetTotp?: boolean;
};

/**
 * Creates the user, or resets the password (and role) of the existing one. A reset ends every session
 * of that user: whoever held the old password is out.
 */
export async function upsertUser(db: Db, input: UpsertUserInput, now: Date): Promise<{ user: UserRow; created: boolean }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${normalizeEmail(input.email)}`);
    if (!existing) {
      const [user] = await tx
        .insert(users)
        .values({
          email: normalizeEmail(input.email),
          passwordHash,
          role: input.role ?? 'admin',
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return { user: user!, created: true };
    }
    const totpReset = input.resetTotp ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null } : {};
    const [user] = await tx
      .update(users)
      .set({ passwordHash, role: input.role ?? existing.role, passwordChangedAt: now, updatedAt: now, ...totpReset })
      .where(eq(users.id, existing.id))
      .returning();
    if (input.resetTotp) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, existing.id));
    await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    return { user: user!, created: false };
  });
}

export async function setPassword(db: Db, userId: string, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
}
