import { AppwriteError } from '../http/errors.js';

/** Account errors with Appwrite's status, type and message (backend-api.md §2): one row each. */
const FIXED = {
  invalidCredentials: [401, 'user_invalid_credentials', 'Invalid credentials. Please check the email and password.'],
  sessionAlreadyExists: [401, 'user_session_already_exists', 'Creation of a session is prohibited when a session is active.'],
  invalidToken: [401, 'user_invalid_token', 'Invalid token passed in the request.'],
  alreadyExists: [409, 'user_already_exists', 'A user with the same id, email, or phone already exists in this project.'],
  sessionNotFound: [404, 'user_session_not_found', 'The current user session could not be found.'],
  userNotFound: [404, 'user_not_found', 'User with the requested ID could not be found.'],
  blocked: [403, 'user_blocked', 'The current user has been blocked.'],
  moreFactorsRequired: [401, 'user_more_factors_required', 'More factors are required to complete the sign in process.'],
  challengeRequired: [401, 'user_challenge_required', 'A recently successful challenge is required to complete this action. A challenge is considered recent for 30 minutes.'],
  authenticatorNotFound: [404, 'user_authenticator_not_found', 'Authenticator could not be found on the current user.'],
  authenticatorAlreadyVerified: [409, 'user_authenticator_already_verified', 'This authenticator is already verified on the current user.'],
  recoveryCodesNotFound: [404, 'user_recovery_codes_not_found', 'Recovery codes could not be found on the current user.'],
  recoveryCodesAlreadyExist: [409, 'user_recovery_codes_already_exists', 'The current user already generated recovery codes and they can only be read once for security reasons.'],
  emailAlreadyExists: [409, 'user_email_already_exists', 'A user with the same email already exists in the current project.'],
  phoneAlreadyExists: [409, 'user_phone_already_exists', 'A user with the same phone number already exists in the current project.'],
  emailNotFound: [400, 'user_email_not_found', 'User email could not be found.'],
  emailNotVerified: [400, 'user_email_not_verified', 'User email is not verified'],
  emailAlreadyVerified: [409, 'user_email_already_verified', 'User email is already verified'],
  identityNotFound: [404, 'user_identity_not_found', 'The identity could not be found. Please sign in with OAuth provider to create identity first.'],
  targetNotFound: [404, 'user_target_not_found', 'The target could not be found.'],
  targetAlreadyExists: [409, 'user_target_already_exists', 'A target with the same ID already exists.'],
  jwtCreationDenied: [401, 'user_jwt_creation_denied', 'A JWT cannot be created from a request authenticated with a JWT.'],
  /**
   * SIGNUPS=closed: no new account, by any way that would make one (sign-up,
   * a first OAuth sign-in, a mailed sign-in for an unknown email). Appwrite's
   * answer when a project's user limit is reached, with our own words.
   */
  signUpsClosed: [501, 'user_count_exceeded', 'Sign-ups are closed on this server. Ask its owner for an account.'],
  /** SIGNUPS=invite: a new account needs an invitation link from an administrator (invitations.ts). */
  invitationRequired: [403, 'user_invitation_required', 'Sign-ups on this server need an invitation. Ask its owner for an invitation link.'],
  invitationInvalid: [404, 'user_invitation_invalid', "This invitation link is not valid. Ask the server's owner for a new one."],
  invitationExpired: [410, 'user_invitation_expired', "This invitation has expired. Ask the server's owner for a new one."],
  invitationUsedUp: [410, 'user_invitation_used', "This invitation has already been used. Ask the server's owner for a new one."],
  /** ACCESS=private: Appwrite's answer when the project has turned an auth method (here anonymous) off. */
  anonymousDisabled: [501, 'user_auth_method_unsupported', 'Anonymous sessions are turned off on this private server. Sign in with an account.'],
  /** Appwrite's answer while no SMS provider is configured (this server has none). */
  phoneDisabled: [503, 'general_phone_disabled', 'Phone provider not configured'],
  mailFailed: [503, 'general_smtp_disabled', 'The mail could not be sent. Check the mail server settings (SMTP_URL) and try again.'],
} as const satisfies Record<string, readonly [number, string, string]>;

type FixedErrors = { readonly [K in keyof typeof FIXED]: () => AppwriteError };

/** Account errors with Appwrite's types and messages (backend-api.md §2). */
export const accountErrors = {
  ...(Object.fromEntries(
    Object.entries(FIXED).map(([name, [code, type, message]]) => [name, () => new AppwriteError(code, type, message)]),
  ) as FixedErrors),
  /** The only one with a variable part: when a retry may succeed. */
  rateLimited: (retryAfterMs: number) =>
    new AppwriteError(
      429,
      'general_rate_limit_exceeded',
      'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
      retryAfterMs / 1000,
    ),
};
