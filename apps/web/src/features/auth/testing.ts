/** Accounts' test doubles for other features' unit tests (never imported by the app). */
export { createFakeAccount, OTP, TOTP_SECRET, type FakeAccount } from './account-fake.js';
