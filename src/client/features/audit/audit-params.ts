import { AUDIT_ACTIONS, type AuditAction, type AuditListQuery } from '../../../domain/audit';
import { parseChoice, parsePage, parseSearch } from '../../components/list/list-view';

export type AuditActionFilter = 'all' | AuditAction;

/** `admin`: the acting admin's id; `dari`/`sampai`: WIB days, inclusive (empty: no bound). */
export type AuditView = { q: string; action: AuditActionFilter; admin: string; dari: string; sampai: string; page: number };

export const DEFAULT_AUDIT_VIEW: AuditView = { q: '', action: 'all', admin: '', dari: '', sampai: '', page: 1 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayParam = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

const ACTION_FILTERS: readonly AuditActionFilter[] = ['all', ...AUDIT_ACTIONS];

/** The audit page's view from its URL; unknown values fall back to the defaults. */
export function parseAuditView(params: URLSearchParams): AuditView {
  return {
    q: parseSearch(params.get('q')),
    action: parseChoice(params.get('action'), ACTION_FILTERS, DEFAULT_AUDIT_VIEW.action),
    admin: UUID.test(params.get('admin') ?? '') ? params.get('admin')! : '',
    ...dayRange(dayParam(params.get('dari')), dayParam(params.get('sampai'))),
    page: parsePage(params.get('page')),
  };
}

/** A reversed range in a hand-edited link keeps its start only, rather than a query the server refuses. */
function dayRange(dari: string, sampai: string): { dari: string; sampai: string } {
  return dari && sampai && sampai < dari ? { dari, sampai: '' } : { dari, sampai };
}

export function auditViewToSearchParams(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.action !== DEFAULT_AUDIT_VIEW.action) params.set('action', view.action);
  for (const key of ['admin', 'dari', 'sampai'] as const) if (view[key]) params.set(key, view[key]);
  if (view.page !== DEFAULT_AUDIT_VIEW.page) params.set('page', String(view.page));
  return params;
}

export function auditViewToQuery(view: AuditView): AuditListQuery {
  return { ...auditFilterOf(view), page: view.page };
}

/** The filters alone: the list's and the CSV export's (which has no page). */
export function auditFilterOf(view: AuditView): Omit<AuditListQuery, 'page'> {
  return {
    ...(view.q ? { q: view.q } : {}),
    action: view.action,
    ...(view.admin ? { admin: view.admin } : {}),
    ...(view.dari ? { dari: view.dari } : {}),
    ...(view.sampai ? { sampai: view.sampai } : {}),
  };
}
