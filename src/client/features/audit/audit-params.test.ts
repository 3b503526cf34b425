import { describe, expect, it } from 'vitest';
import { updateListView } from '../../components/list/list-view';
import { auditViewToQuery, auditViewToSearchParams, DEFAULT_AUDIT_VIEW, parseAuditView } from './audit-params';

describe('audit view in the URL', () => {
  it('fills defaults and drops unknown values', () => {
    expect(parseAuditView(new URLSearchParams())).toEqual(DEFAULT_AUDIT_VIEW);
    expect(parseAuditView(new URLSearchParams('action=hack&page=x'))).toEqual(DEFAULT_AUDIT_VIEW);
  });

  it('round-trips a search, an action and a page', () => {
    const view = { q: 'admin@aipos.id', action: 'status_change', page: 2 } as const;
    expect(parseAuditView(auditViewToSearchParams(view))).toEqual(view);
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
