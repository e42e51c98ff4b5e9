// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBackendError, type FakeBackend } from '../../shared/lib/backend-fake.js';
import { renderApp } from '../../test/render.js';
import { signInWithFakeBackend, signOutOfFakeBackend } from '../../test/signed-in.js';
import { useSessionStore } from '../auth/index.js';
import { FeedbackButton } from './feedback-dialog.js';
import { isFeedbackLongEnough } from './send-feedback.js';
import { findToast } from '../../test/toast.js';
import { isVisible } from '../../test/visible.js';

let fake: FakeBackend;
const ada = { $id: 'u1', name: 'Ada', email: 'ada@example.com' };

beforeEach(() => {
  fake = signInWithFakeBackend(ada);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  signOutOfFakeBackend();
  vi.restoreAllMocks();
});

function openAndType(message: string) {
  renderApp(<FeedbackButton />);
  fireEvent.click(screen.getByRole('button', { name: 'Report bugs or give feedback' }));
  expect(isVisible(screen.getByText('We will take atleast 3 days to fix the bugs'))).toBe(true);
  fireEvent.change(screen.getByLabelText('Your message'), { target: { value: message } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('feedback (SPEC#profile-feedback-dialog-sending, SPEC#validation-feedback, SPEC#errors-feedback)', () => {
  it("needs more than 5 characters, not counting surrounding space", () => {
    expect(isFeedbackLongEnough('12345')).toBe(false);
    expect(isFeedbackLongEnough('   12345   ')).toBe(false);
    expect(isFeedbackLongEnough('123456')).toBe(true);
  });

  it("stores Feedback {userName, message} and thanks the listener: 'Thanks for you feedback'", async () => {
    openAndType('The queue skips a song');
    expect(await findToast('Thanks for you feedback')).toEqual({ type: 'success', description: null, action: null });
    expect(fake.docs.Feedback).toEqual([expect.objectContaining({ userName: 'Ada', message: 'The queue skips a song' })]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a spinner while sending', async () => {
    const release = fake.hold('create');
    openAndType('The queue skips a song');
    expect(isVisible(await screen.findByRole('img', { name: 'Sending' }))).toBe(true);
    expect(screen.getByRole('button', { name: /Send/ }).hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    expect(await findToast('Thanks for you feedback')).toEqual({ type: 'success', description: null, action: null });
  });

  it('a message of 5 characters or fewer closes the dialog silently, sending nothing', async () => {
    openAndType('12345');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls).toEqual([]);
    expect(screen.queryByText('Thanks for you feedback')).toBeNull();
  });

  it("a failure says \"couldn't send feedback\" and keeps the message", async () => {
    fake.failNext('create', new FakeBackendError('Server Error', 500));
    openAndType('The queue skips a song');
    expect(await findToast("couldn't send feedback")).toEqual({ type: 'error', description: null, action: null });
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('The queue skips a song');
  });

  it("signed out: 'Sign in to send feedback' and no dialog", async () => {
    useSessionStore.setState({ user: null, checked: true });
    renderApp(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Report bugs or give feedback' }));
    expect(await findToast('Sign in to send feedback')).toEqual({ type: null, description: null, action: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
