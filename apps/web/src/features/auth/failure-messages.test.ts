import { describe, expect, it } from 'vitest';
import { FakeBackendError } from '../../shared/lib/backend-fake.js';
import { codeFailureMessage, linkFailureMessage } from './failure-messages.js';

describe('a refused mail link', () => {
  it('reads as used or expired on 401, else as the backend said', () => {
    const again = 'Ask for a new one.';
    expect(linkFailureMessage(new FakeBackendError('Invalid token passed in the request.', 401, 'user_invalid_token'), again)).toBe(
      'This link has expired or was already used. Ask for a new one.',
    );
    expect(linkFailureMessage(new FakeBackendError('Invalid `password` param: Password must be at least 8 characters', 400, 'general_argument_invalid'), again)).toBe(
      'Invalid `password` param: Password must be at least 8 characters',
    );
    expect(linkFailureMessage(new Error(''), again)).toBe('Something went wrong');
  });
});

describe('a refused two-factor code', () => {
  it('reads as wrong on 401, else as the backend said', () => {
    expect(codeFailureMessage(new FakeBackendError('Invalid token passed in the request.', 401, 'user_invalid_token'))).toBe(
      "That code didn't work. Check it and try again.",
    );
    expect(codeFailureMessage(new FakeBackendError('Too many requests', 429, 'general_rate_limit_exceeded'))).toBe('Too many requests');
  });
});
