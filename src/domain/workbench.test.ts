import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { ReviewChecklistSchema, SLA_LABELS, slaState, uploadTooLargeMessage } from './workbench.js';

describe('slaState', () => {
  it('is on time for 0-1 working days, due for 2-3, overdue after', () => {
    expect([0, 1, 2, 3, 4, 10].map(slaState)).toEqual(['on_time', 'on_time', 'due', 'due', 'overdue', 'overdue']);
    expect(SLA_LABELS[slaState(5)]).toBe('Terlambat');
  });
});

describe('ReviewChecklistSchema', () => {
  it('takes the seven document slots, each optional, and nothing else', () => {
    expect(ReviewChecklistSchema.parse({ foto_ktp: { readable: true, matches: false } })).toEqual({ foto_ktp: { readable: true, matches: false } });
    expect(ReviewChecklistSchema.safeParse({ foto_lain: { readable: true, matches: true } }).success).toBe(false);
    expect(ReviewChecklistSchema.safeParse({ foto_ktp: { readable: 'ya', matches: true } }).success).toBe(false);
  });
});

describe('uploadTooLargeMessage', () => {
  it("is SPEC's text at 3 MB and names a lower limit", () => {
    expect(uploadTooLargeMessage(3)).toBe(MESSAGES.fileTooLarge);
    expect(uploadTooLargeMessage(2)).toBe('Ukuran file maksimal 2MB');
  });
});
