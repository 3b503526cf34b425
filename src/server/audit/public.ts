// What other folders may use of audit/: writing and reading the trail, and masking a diff before it is
// written. The rest (the audit log's routes and export) is its own (decision 0042).
export { maskSensitiveFields } from './audit-diff.js';
export { auditActor, listMerchantAudit, listTargetAudit, writeAudit, writeAudits } from './audit-repository.js';
