import { AppwriteError } from '../http/errors.js';

/** Account errors with Appwrite's types and messages (backend-api.md §2). */
export const accountErrors = {
  invalidCredentials: () =>
    new AppwriteError(401, 'user_invalid_credentials', 'Invalid credentials. Please check the email and password.'),
  sessionAlreadyExists: () =>
    new AppwriteError(
      401,
      'user_session_already_exists',
      'Creation of a session is prohibited when a session is active.',
    ),
  invalidToken: () => new AppwriteError(401, 'user_invalid_token', 'Invalid token passed in the request.'),
  alreadyExists: () =>
    new AppwriteError(409, 'user_already_exists', 'A user with the same id, email, or phone already exists in this project.'),
  sessionNotFound: () =>
    new AppwriteError(404, 'user_session_not_found', 'The current user session could not be found.'),
  userNotFound: () => new AppwriteError(404, 'user_not_found', 'User with the requested ID could not be found.'),
  blocked: () => new AppwriteError(403, 'user_blocked', 'The current user has been blocked.'),
  rateLimited: (retryAfterMs: number) =>
    new AppwriteError(
      429,
      'general_rate_limit_exceeded',
      'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
      retryAfterMs / 1000,
    ),
};
