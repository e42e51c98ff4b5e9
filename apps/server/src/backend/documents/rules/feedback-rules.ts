import { invalidStructure } from '../validate-data.js';
import { anonymousRefused, isAnonymousCaller } from './anonymous.js';
import type { CollectionRules } from './collection-rules.js';

/** SPEC#validation-feedback, SPEC#limits-feedback-minimum: a feedback message must have more than 5 characters (blank space does not count). */
export const FEEDBACK_MIN_EXCLUSIVE = 5;

export const isFeedbackLongEnough = (message: unknown): boolean =>
  typeof message === 'string' && [...message.trim()].length > FEEDBACK_MIN_EXCLUSIVE;

/** SPEC#validation-feedback, SPEC#roles-anonymous-visitor: feedback needs a signed-in user; an anonymous session is a visitor, not signed in. */
export const anonymousFeedback = () => anonymousRefused('send feedback');

export function feedbackRules(attribute: string): CollectionRules {
  const check = (message: unknown) => {
    if (!isFeedbackLongEnough(message)) {
      throw invalidStructure(`Feedback ${attribute} must be more than ${FEEDBACK_MIN_EXCLUSIVE} characters`);
    }
  };
  return {
    async beforeCreate(ctx, data) {
      if (isAnonymousCaller(ctx.caller)) throw anonymousFeedback();
      check(data[attribute]);
    },
    async beforeUpdate(_ctx, _current, changes) {
      if (attribute in changes) check(changes[attribute]);
    },
  };
}
