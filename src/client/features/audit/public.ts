// What other features may use of audit/: the action badge, the diff and the query keys. The rest (the audit
// log page) is its own (decision 0042).
export { AuditActionBadge } from './audit-action-badge';
export { auditKeys } from './audit-api';
export { AuditDiff } from './audit-diff';
