/**
 * The pages a mail's or an invitation's link opens, in one lazily loaded chunk
 * (the router's /recovery, /verify and /join entries load this module).
 */
export { RecoveryScreen } from './recovery-screen.js';
export { VerifyScreen } from './verify-screen.js';
export { JoinScreen } from './join-screen.js';
