import { describe, expect, it } from 'vitest';
import { updateListView } from '../../components/list/list-view';
import { auditViewToQuery, auditViewToSearchParams, DEFAULT_AUDIT_VIEW, parseAuditView } from './audit-params';

describe('audit view in the URL', () => {
  it('fills defaults and drops unknown values', () => {
    expect(parseAuditView(new URLSearchParams())).toEqual(DEFAULT_AUDIT_VIEW);
    expect(parseAuditView(new URLSearchParams('action=hack&page=x'))).toEqual(DEFAULT_AUDIT_VIEW);
  });

  it('round-trips a search, an action and a page', () => {
    const view = { ...DEFAULT_AUDIT_VIEW, q: 'admin@aipos.id', action: 'status_change', page: 2 } as const;
    expect(parseAuditView(auditViewToSearchParams(view))).toEqual(view);
  });

  it('round-trips the admin and the WIB day range; drops a bad id or day, and the end of a reversed range', () => {
    const view = { ...DEFAULT_AUDIT_VIEW, admin: '0b4f3c8e-1d2a-4c5b-9e6f-7a8b9c0d1e2f', dari: '2026-11-01', sampai: '2026-11-30' };
    expect(parseAuditView(auditViewToSearchParams(view))).toEqual(view);
    expect(auditViewToQuery(view)).toEqual({ action: 'all', admin: view.admin, dari: '2026-11-01', sampai: '2026-11-30', page: 1 });
    expect(parseAuditView(new URLSearchParams('admin=budi&dari=2026-13-45&sampai=kemarin'))).toEqual(DEFAULT_AUDIT_VIEW);
    expect(parseAuditView(new URLSearchParams('dari=2026-11-30&sampai=2026-11-01'))).toEqual({ ...DEFAULT_AUDIT_VIEW, dari: '2026-11-30' });
  });

  it('leaves defaults out of the URL', () => {
    expect(auditViewToSearchParams(DEFAULT_AUDIT_VIEW).toString()).toBe('');
  });

  it('starts a new filter at page 1', () => {
    expect(updateListView({ ...DEFAULT_AUDIT_VIEW, page: 4 }, { action: 'login' }).page).toBe(1);
    expect(updateListView({ ...DEFAULT_AUDIT_VIEW, page: 4 }, { page: 5 }).page).toBe(5);
  });

  it('sends no empty search to the API', () => {
    expect(auditViewToQuery(DEFAULT_AUDIT_VIEW)).toEqual({ action: 'all', page: 1 });
  });
});
