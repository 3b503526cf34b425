// What other folders may use of workbench/: the review claims and their clock, duplicates, the paused queue
// clock, the review gate and second approval, review presence. The rest (queue, dashboard) is its own (decision 0042).
export { type ClaimClock, claimClockOf, claimCutoff, liveHolder } from './claim-clock.js';
export { releaseClaimsOnSignOut } from './claim-sign-out.js';
export { hasDuplicates, hasDuplicatesColumn } from './duplicate-repository.js';
export { queueClock } from './paused-clock.js';
export { gateChange } from './review-gate.js';
export { reviewPresence } from './review-presence.js';
export { recordFirstApproval } from './second-approval.js';
