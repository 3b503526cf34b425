import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_LABELS,
  MATCH_LABELS,
  REVIEW_PRESENCE_HEARTBEAT_MS,
  REVIEW_PRESENCE_MESSAGE,
  REVIEW_PRESENCE_TTL_MS,
  ReviewChecklistSchema,
  SLA_LABELS,
  slaState,
} from './workbench.js';

describe('slaState', () => {
  it('is on time for 0-1 working days, due for 2-3, overdue after', () => {
    expect([0, 1, 2, 3, 4, 10].map(slaState)).toEqual(['on_time', 'on_time', 'due', 'due', 'overdue', 'overdue']);
    expect(SLA_LABELS[slaState(5)]).toBe('Terlambat');
  });
});

describe('ReviewChecklistSchema', () => {
  it('takes the seven document slots, each optional, and nothing else', () => {
    expect(ReviewChecklistSchema.parse({ foto_ktp: { readable: true, matches: false } })).toEqual({
      foto_ktp: { readable: true, matches: false },
    });
    expect(ReviewChecklistSchema.safeParse({ foto_lain: { readable: true, matches: true } }).success).toBe(false);
    expect(ReviewChecklistSchema.safeParse({ foto_ktp: { readable: 'ya', matches: true } }).success).toBe(false);
  });
});

describe('the workbench texts of the contract', () => {
  it('names the keys, the checklist and the presence banner in Indonesian, and beats inside the expiry', () => {
    expect(MATCH_LABELS).toEqual({ nik: 'NIK', no_rekening: 'No. Rekening', no_hp: 'No. HP', email: 'Email', foto: 'Foto' });
    expect(CHECKLIST_LABELS).toEqual({ readable: 'Terbaca', matches: 'Sesuai data' });
    expect(REVIEW_PRESENCE_MESSAGE('Ani')).toBe('Sedang ditinjau juga oleh Ani');
    expect(REVIEW_PRESENCE_HEARTBEAT_MS * 2).toBeLessThan(REVIEW_PRESENCE_TTL_MS);
  });
});
