import { setPasswordCost } from '../auth/password.js';

// The server tier's setup (vitest.config.ts): new password hashes cost 2^10 instead of 2^15 (about 2 ms
// instead of 60), as other servers' test runs lower bcrypt's cost. Thousands of sign-ups and sign-ins
// across the tier would otherwise spend minutes of CPU in scrypt. backend/auth/password.test.ts checks the
// product's own cost.
setPasswordCost({ N: 1024, r: 8, p: 1 });
