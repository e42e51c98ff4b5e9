/**
 * The pages a mail's link opens, in one lazily loaded chunk (the router's
 * /recovery and /verify entries both load this module).
 */
export { RecoveryScreen } from './recovery-screen.js';
export { VerifyScreen } from './verify-screen.js';
