import type { MerchantRow } from '../db/schema.js';
import { addDays, isWorkingDay, jakartaDay, workingDaysBetween } from '../shared/working-days.js';

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The queue's clock is fair to reviewers (docs/decisions/0039-reasons-notes-and-the-fair-clock.md): the age in
 * working days counts only time waiting for us. While a registration waits for the applicant
 * (data_tidak_lengkap) it pauses; at resubmission it resumes with the age it had. `queued_at` is moved so
 * that today's age from it is that age: the queue's order, its index and the overdue cutoff all stay one
 * column, and the age stays `workingDaysSince(queued_at, now)`.
 */
export function resumedQueuedAt(queuedAt: Date, waitingSince: Date, now: Date): Date {
  const accrued = workingDaysBetween(jakartaDay(queuedAt), jakartaDay(waitingSince));
  // Walking back from today: the day before `day` is one older when `day` is a working day.
  let day = jakartaDay(now);
  let age = 0;
  while (age < accrued) {
    age += isWorkingDay(day) ? 1 : 0;
    day = addDays(day, -1);
  }
  // The latest day of that age, at the time of day of the resubmission (WIB): the order among merchants of
  // one age stays the order they came back in.
  const timeOfDay = (now.getTime() + JAKARTA_OFFSET_MS) % DAY_MS;
  return new Date(Date.parse(`${day}T00:00:00Z`) - JAKARTA_OFFSET_MS + timeOfDay);
}

type ClockRow = Pick<MerchantRow, 'status' | 'firstDecidedAt' | 'queuedAt' | 'waitingSince'>;

/**
 * The columns a status change moves: entering processing starts the age (or resumes it after a wait for
 * the applicant), entering data_tidak_lengkap starts the wait, leaving the first processing records the
 * first decision (the dashboard's time-to-decision).
 */
export function queueClock(row: ClockRow, next: string, now: Date): Partial<MerchantRow> {
  if (next === row.status) return {};
  const patch: Partial<MerchantRow> = {};
  if (next === 'data_tidak_lengkap') patch.waitingSince = now;
  else if (row.waitingSince) patch.waitingSince = null;
  if (next === 'processing') {
    patch.queuedAt = row.status === 'data_tidak_lengkap' && row.waitingSince ? resumedQueuedAt(row.queuedAt, row.waitingSince, now) : now;
  } else if (!row.firstDecidedAt) {
    patch.firstDecidedAt = now;
  }
  return patch;
}
