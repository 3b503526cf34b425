import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type HolidaysParser from 'date-holidays-parser';

/**
 * Working days in Asia/Jakarta: Monday to Friday, minus Indonesia's public holidays (date-holidays, type
 * `public`) and the collective leave (cuti bersama) the government sets each year by a joint decree of three
 * ministers (SKB 3 Menteri), which the library does not know. Dates are WIB calendar days `YYYY-MM-DD`.
 * docs/decisions/0022-working-days-calendar.md says why this is a module and not a calendar table.
 */

/**
 * Days off set by SKB that date-holidays lacks: the cuti bersama days, and public holidays whose Islamic
 * calendar date the library places a day early.
 * - 2025: SKB Menag, Menaker, MenPAN-RB No. 1017/2024, 2/2024, 2/2024. Cuti bersama 28 Jan (Imlek), 28 Mar
 *   (Nyepi), 2, 3, 4, 7 Apr (Idulfitri), 13 May (Waisak), 30 May (Kenaikan Yesus Kristus), 9 Jun (Iduladha),
 *   26 Dec (Natal); holidays the library misses: 1 Apr (Idulfitri, 2nd day), 27 Jun (1 Muharam).
 * - 2026: SKB No. 1497/2025, 2/2025, 5/2025 (19 Sep 2025). Cuti bersama 16 Feb (Imlek), 18 Mar (Nyepi), 20,
 *   23, 24 Mar (Idulfitri), 15 May (Kenaikan Yesus Kristus), 28 May (Iduladha), 24 Dec (Natal).
 * - 2027: no SKB list checked yet: add its dates here when it is (until then only the library's holidays count).
 */
export const SKB_DAYS_OFF: readonly string[] = [
  '2025-01-28',
  '2025-03-28',
  '2025-04-01',
  '2025-04-02',
  '2025-04-03',
  '2025-04-04',
  '2025-04-07',
  '2025-05-13',
  '2025-05-30',
  '2025-06-09',
  '2025-06-27',
  '2025-12-26',
  '2026-02-16',
  '2026-03-18',
  '2026-03-20',
  '2026-03-23',
  '2026-03-24',
  '2026-05-15',
  '2026-05-28',
  '2026-12-24',
];

/** Library holidays the SKB puts on another day: working days after all (1 Muharam 1447 H was 27 June 2025). */
export const LIBRARY_DAYS_NOT_OFF: readonly string[] = ['2025-06-26'];

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The WIB calendar day of an instant (Indonesia has no daylight saving: always UTC+7). */
export function jakartaDay(instant: Date): string {
  return new Date(instant.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a WIB calendar day starts (00:00 WIB). */
export function jakartaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - JAKARTA_OFFSET_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const skbDaysOff = new Set(SKB_DAYS_OFF);
const libraryDaysNotOff = new Set(LIBRARY_DAYS_NOT_OFF);
const holidaysByYear = new Map<number, Set<string>>();
let library: HolidaysParser | null = null;

/**
 * date-holidays' rules for Indonesia alone. The package's entry point parses the rules of all 200 countries
 * into the heap (about 3.4 MB that the server kept for as long as it ran, marked again by every full
 * collection); its parser takes the same data file cut down to one country.
 */
function indonesianHolidays(): HolidaysParser {
  const require = createRequire(import.meta.url);
  // Required on first use, not imported: the parser and its calendars (moment-timezone, astronomia's tables)
  // held 4.7 MB of heap from start, marked by every full collection, though only admin screens count working
  // days; a registration or a status lookup never does (docs/performance.md, "CPU per registration").
  const Parser = (require('date-holidays-parser') as { default: typeof HolidaysParser }).default;
  const file = path.join(path.dirname(require.resolve('date-holidays/package.json')), 'data', 'holidays.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    version: string;
    license: string;
    holidays: Record<string, unknown>;
    names: unknown;
  };
  const indonesia = { version: data.version, license: data.license, holidays: { ID: data.holidays.ID }, names: data.names };
  return new Parser(indonesia, 'ID', { types: ['public'] });
}

function publicHolidays(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    library ??= indonesianHolidays();
    const holidays = library.getHolidays(year) || [];
    days = new Set(holidays.filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)));
    holidaysByYear.set(year, days);
  }
  return days;
}

export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (skbDaysOff.has(day)) return false;
  if (libraryDaysNotOff.has(day)) return true;
  return !publicHolidays(Number(day.slice(0, 4))).has(day);
}

// Per year, the working days from 1 January through each day (cumulative), and the working days of all
// earlier years since EPOCH_YEAR: a day's ordinal is two lookups, so an age of a year costs no more than one
// of a day (the queue's first page is its oldest merchants).
const EPOCH_YEAR = 2000;
const cumulativeByYear = new Map<number, Int32Array>();
const baseByYear = new Map<number, number>([[EPOCH_YEAR, 0]]);

function cumulative(year: number): Int32Array {
  let days = cumulativeByYear.get(year);
  if (!days) {
    const length = isLeapYear(year) ? 366 : 365;
    days = new Int32Array(length);
    let count = 0;
    for (let i = 0; i < length; i += 1) {
      if (isWorkingDay(new Date(Date.UTC(year, 0, 1 + i)).toISOString().slice(0, 10))) count += 1;
      days[i] = count;
    }
    cumulativeByYear.set(year, days);
  }
  return days;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Working days from EPOCH_YEAR through the end of the year before `year` (negative before the epoch). */
function base(year: number): number {
  const known = baseByYear.get(year);
  if (known !== undefined) return known;
  const value = year > EPOCH_YEAR ? base(year - 1) + cumulative(year - 1).at(-1)! : base(year + 1) - cumulative(year).at(-1)!;
  baseByYear.set(year, value);
  return value;
}

function ordinal(day: string): number {
  const year = Number(day.slice(0, 4));
  const index = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(year, 0, 1)) / DAY_MS);
  return base(year) + cumulative(year)[index]!;
}

/**
 * Working days between two WIB days: those after `from` up to and including `to` (0 when `to` is not later).
 * Submitted on Friday, a merchant is 0 on Friday and over the weekend, 1 on Monday.
 */
export function workingDaysBetween(from: string, to: string): number {
  return Math.max(0, ordinal(to) - ordinal(from));
}

/** A merchant's age in working days: from the WIB day it entered processing to today (WIB). */
export function workingDaysSince(since: Date, now: Date): number {
  return workingDaysBetween(jakartaDay(since), jakartaDay(now));
}

/**
 * The start (00:00 WIB) of the earliest day whose age today is at most `maxDays`: a row queued before this
 * instant is older than `maxDays` working days. Turns "overdue" into a range of the queue index.
 */
export function ageCutoff(now: Date, maxDays: number): Date {
  // Walking back from today: the age of the day before `day` is the age of `day`, plus one if `day` is worked.
  let day = jakartaDay(now);
  let age = 0;
  for (;;) {
    const before = age + (isWorkingDay(day) ? 1 : 0);
    if (before > maxDays) return jakartaDayStart(day);
    day = addDays(day, -1);
    age = before;
  }
}
