// What other folders may use of checks/: queueing a merchant's machine checks and reading their warnings.
// The rest (the worker, OCR, photo comparison, routes) is its own (decision 0042).
export { checkWarningsColumn, findPhotoDuplicates, hasCheckWarnings } from './check-repository.js';
export { enqueueMerchantChecks } from './check-worker.js';
