import { describe, expect, it } from 'vitest';
import { ageCutoff, isWorkingDay, jakartaDay, workingDaysBetween, workingDaysSince } from './working-days.js';

describe('working days (Asia/Jakarta)', () => {
  it('skips the weekend: Friday to Monday is one working day', () => {
    expect(isWorkingDay('2026-11-21')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-22')).toBe(false); // Sunday
    expect(workingDaysBetween('2026-11-20', '2026-11-20')).toBe(0);
    expect(workingDaysBetween('2026-11-20', '2026-11-22')).toBe(0);
    expect(workingDaysBetween('2026-11-20', '2026-11-23')).toBe(1);
    expect(workingDaysBetween('2026-11-16', '2026-11-23')).toBe(5);
  });

  it('skips a public holiday from the library (17 August 2026, a Monday)', () => {
    expect(isWorkingDay('2026-08-17')).toBe(false);
    expect(workingDaysBetween('2026-08-14', '2026-08-18')).toBe(1);
  });

  it('skips cuti bersama from the SKB list (Friday 15 May 2026, after Kenaikan on Thursday 14 May)', () => {
    expect(isWorkingDay('2026-05-14')).toBe(false);
    expect(isWorkingDay('2026-05-15')).toBe(false);
    expect(workingDaysBetween('2026-05-13', '2026-05-18')).toBe(1);
    // Idulfitri 2026: 18 (cuti), 19 (Nyepi), 20 (cuti), 21-22 (weekend, Idulfitri), 23-24 (cuti): back on the 25th.
    expect(workingDaysBetween('2026-03-17', '2026-03-25')).toBe(1);
  });

  it('keeps a day the library wrongly marks (26 June 2025; 1 Muharam was the 27th)', () => {
    expect(isWorkingDay('2025-06-26')).toBe(true);
    expect(isWorkingDay('2025-06-27')).toBe(false);
  });

  it('counts WIB days: 23:30 UTC is already the next day in Jakarta', () => {
    expect(jakartaDay(new Date('2026-11-19T23:30:00Z'))).toBe('2026-11-20');
    expect(workingDaysSince(new Date('2026-11-19T16:59:00Z'), new Date('2026-11-20T02:00:00Z'))).toBe(1);
    expect(workingDaysSince(new Date('2026-11-19T17:00:00Z'), new Date('2026-11-20T02:00:00Z'))).toBe(0);
  });

  it('turns "more than 3 working days" into the start of a WIB day', () => {
    // Wednesday 25 Nov 2026: 3 working days back is Friday 20 Nov (21-24 hold Mon, Tue, Wed).
    const cutoff = ageCutoff(new Date('2026-11-25T03:00:00Z'), 3);
    expect(cutoff.toISOString()).toBe('2026-11-19T17:00:00.000Z'); // 20 Nov 00:00 WIB
    expect(workingDaysSince(new Date('2026-11-20T01:00:00Z'), new Date('2026-11-25T03:00:00Z'))).toBe(3);
    expect(workingDaysSince(new Date('2026-11-19T16:00:00Z'), new Date('2026-11-25T03:00:00Z'))).toBe(4);
  });
});

describe('workingDaysBetween over long spans', () => {
  it('agrees with counting day by day, across years and leap days', () => {
    const count = (from: string, to: string) => {
      let n = 0;
      for (let day = new Date(`${from}T00:00:00Z`); ;) {
        day = new Date(day.getTime() + 86_400_000);
        const text = day.toISOString().slice(0, 10);
        if (text > to) return n;
        if (isWorkingDay(text)) n += 1;
      }
    };
    for (const [from, to] of [
      ['2023-12-29', '2025-03-03'],
      ['2024-02-28', '2024-03-01'],
      ['1999-12-30', '2000-01-04'],
      ['2026-01-01', '2027-12-31'],
    ] as const) {
      expect(workingDaysBetween(from, to), `${from}..${to}`).toBe(count(from, to));
    }
    expect(workingDaysBetween('2026-11-25', '2026-11-20')).toBe(0);
  });
});
