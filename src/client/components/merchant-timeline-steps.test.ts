import { describe, expect, it } from 'vitest';
import { shipmentLine, timelineRows } from './merchant-timeline-steps';

const AT = '2026-11-26T07:00:00.000Z';

describe('timelineRows', () => {
  it('marks the last reached step current, the earlier ones done and the later ones pending, with their labels', () => {
    const reached = ['pendaftaran_diterima', 'diverifikasi', 'pesanan_dibuat', 'dibayar', 'dikemas'] as const;
    const rows = timelineRows([
      ...reached.map((step) => ({ step, at: AT })),
      { step: 'dikirim', at: AT, detail: 'JNE · resi JNE1234567890' },
      { step: 'diterima', at: null },
    ]);
    expect(rows.map((row) => row.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'current', 'pending']);
    expect(rows.map((row) => row.label)).toEqual([
      'Pendaftaran diterima',
      'Diverifikasi',
      'Pesanan dibuat',
      'Dibayar',
      'Dikemas',
      'Dikirim',
      'Diterima',
    ]);
    expect(rows[5]).toMatchObject({ detail: 'JNE · resi JNE1234567890', at: AT, ending: false });
    expect(rows[6]).toMatchObject({ detail: null, at: null });
  });

  it('greys every step after a fresh registration, and never ticks a step without a time', () => {
    const rows = timelineRows([
      { step: 'pendaftaran_diterima', at: AT },
      { step: 'diverifikasi', at: null },
      { step: 'pesanan_dibuat', at: AT },
      { step: 'dibayar', at: null, detail: null },
    ]);
    expect(rows.map((row) => row.state)).toEqual(['done', 'pending', 'current', 'pending']);
    expect(
      timelineRows([
        { step: 'pendaftaran_diterima', at: AT },
        { step: 'diverifikasi', at: null },
      ]).map((row) => row.state),
    ).toEqual(['current', 'pending']);
  });

  it('marks a step that ends the story as an ending, and reads the last step current once delivered', () => {
    const cancelled = timelineRows([
      { step: 'pesanan_dibuat', at: AT },
      { step: 'dibatalkan', at: AT },
    ]);
    expect(cancelled.map((row) => [row.label, row.state, row.ending])).toEqual([
      ['Pesanan dibuat', 'done', false],
      ['Dibatalkan', 'current', true],
    ]);
    const delivered = timelineRows([
      { step: 'dikirim', at: AT },
      { step: 'diterima', at: AT },
    ]);
    expect(delivered.map((row) => row.state)).toEqual(['done', 'current']);
    expect(timelineRows([])).toEqual([]);
  });

  it('writes the courier and resi of a shipment', () => {
    expect(shipmentLine({ kurir_label: 'J&T Express', no_resi: 'JT0012345678' })).toBe('J&T Express · resi JT0012345678');
  });
});
