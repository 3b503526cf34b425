// What other features may use of auth/: the signed-in session. The rest (login, security) is its own
// (decision 0042).
export { useSession } from './use-session';
