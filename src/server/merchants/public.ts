// What other folders may use of merchants/: a merchant's admin detail and who acted. The rest (the list,
// search, export, routes and the service) is its own (decision 0042).
export { merchantDetail } from './merchant-repository.js';
export { type Actor } from './merchant-service.js';
