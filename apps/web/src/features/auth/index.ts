/**
 * Accounts: what other features may use at start-up (who is signed in,
 * sign-in and sign-out). The account screens' parts and rules are in ui.ts,
 * loaded with the Profile.
 */
export { currentUser, useSessionStore, useSessionUser } from './session-store.js';
export { finishSignIn, signOut } from './session.js';
export { useSessionCheck } from './use-session-check.js';
export { SIGN_IN_PATHS, useMustSignIn } from './private-access.js';
