/**
 * Accounts' parts for the Profile's account sections: the form parts, the
 * account calls and their rules (kept apart from index.ts, which the app
 * loads at start).
 */
export { Field, FormError, FormStatus, linkButtonClass, primaryButtonClass, secondaryButtonClass, SubmitButton } from './form-ui.js';
export {
  accountDetailsKey,
  accountKey,
  accountLogsKey,
  accountSessionsKey,
  setAccountApiForTests,
  useAccountApi,
  type AccountApi,
  type AccountDetails,
} from './account-api.js';
export { verificationUrl } from './account-links.js';
export { codeFailureMessage } from './failure-messages.js';
export { cleanCode, codeProblem, newPasswordProblem, PASSWORD_MIN } from './password-rules.js';
