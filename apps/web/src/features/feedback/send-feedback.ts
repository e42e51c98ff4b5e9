import { describeFailure, type BackendApi } from '../../shared/lib/backend.js';
import type { StoredUser } from '../../shared/lib/stored-user.js';

/** SPEC#validation-feedback, SPEC#limits-feedback-minimum: a message needs more than 5 characters (space around it does not count, as on the server). */
export const FEEDBACK_MIN_EXCLUSIVE = 5;

export const isFeedbackLongEnough = (message: string): boolean => [...message.trim()].length > FEEDBACK_MIN_EXCLUSIVE;

export type FeedbackOutcome = 'sent' | 'too-short' | 'failed';

/** Stores Feedback {userName, message} (SPEC#entities-feedback, SPEC#data-calls-create-favourite-userid); a short message is not sent at all. */
export async function sendFeedback(api: BackendApi, user: StoredUser, message: string): Promise<FeedbackOutcome> {
  if (!isFeedbackLongEnough(message)) return 'too-short';
  try {
    await api.create('Feedback', { userName: user.name || user.email || '', message: message.trim() });
    return 'sent';
  } catch (e) {
    console.error('failed to sent feedback:', describeFailure(e).message);
    return 'failed';
  }
}
