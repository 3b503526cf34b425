// What other folders may use of shop/: what a merchant's status change does to its orders, and the
// registration's timeline. The rest (catalogue, orders, payment, fulfilment) is its own (decision 0042).
export { applyMerchantStatusToOrders, cancelUnshippedOrders, DELETED_REASON, orderMailConfig, PURGED_REASON } from './merchant-orders.js';
export { loadRegistrationTimeline } from './order-timeline.js';
export { type TransitionConfig } from './order-transitions.js';
