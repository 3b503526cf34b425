import type { AuditListQuery } from '../../../domain/merchants';
import { AUDIT_ACTIONS, type AuditAction } from '../../../domain/audit-actions';
import { parsePage } from '../../components/list/list-view';

export type AuditActionFilter = 'all' | AuditAction;

export type AuditView = { q: string; action: AuditActionFilter; page: number };

export const DEFAULT_AUDIT_VIEW: AuditView = { q: '', action: 'all', page: 1 };

const ACTION_FILTERS: readonly string[] = ['all', ...AUDIT_ACTIONS];

/** The audit page's view from its URL; unknown values fall back to the defaults. */
export function parseAuditView(params: URLSearchParams): AuditView {
  const action = params.get('action') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    action: ACTION_FILTERS.includes(action) ? (action as AuditActionFilter) : DEFAULT_AUDIT_VIEW.action,
    page: parsePage(params.get('page')),
  };
}

export function auditViewToSearchParams(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.action !== DEFAULT_AUDIT_VIEW.action) params.set('action', view.action);
  if (view.page !== DEFAULT_AUDIT_VIEW.page) params.set('page', String(view.page));
  return params;
}

export function auditViewToQuery(view: AuditView): AuditListQuery {
  return { ...(view.q ? { q: view.q } : {}), action: view.action, page: view.page };
}
