// What other folders may use of perbaikan/: opening and superseding a fix request, and whether the
// applicant changed the bank account through one. The rest (the fix link's routes) is its own (decision 0042).
export { bankChangedByApplicant } from './identity-change.js';
export { createFixRequest, supersedeFixRequests } from './perbaikan-repository.js';
