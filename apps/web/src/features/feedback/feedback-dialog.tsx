import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from '../../shared/lib/toast.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { BusyButton } from '../../shared/ui/busy-button.js';
import { useSessionUser } from '../auth/index.js';
import { sendFeedback } from './send-feedback.js';
import { DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from '../../shared/ui/dialog-classes.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** SPEC#errors-feedback feedback toast durations. */
export const FEEDBACK_TOAST_MS = { signIn: 2_000, thanks: 2_000, failed: 3_000 } as const;

/**
 * SPEC#profile-feedback-dialog-sending, SPEC#validation-feedback, SPEC#errors-feedback: signed in only ('Sign in to send feedback');
 * a message of 5 characters or fewer closes the dialog without sending;
 * a spinner while sending; thanks, or "couldn't send feedback".
 */
export function FeedbackButton({ className = '' }: { className?: string }) {
  const user = useSessionUser();
  const backend = useBackend();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);

  const openDialog = () => {
    if (!user) toast('Sign in to send feedback', { duration: FEEDBACK_TOAST_MS.signIn });
    else setOpen(true);
  };

  const send = async () => {
    if (!user) return;
    setSending(true);
    const outcome = await sendFeedback(await backend(), user, message).catch(() => 'failed' as const);
    setSending(false);
    if (outcome === 'failed') {
      toast.error("couldn't send feedback", { duration: FEEDBACK_TOAST_MS.failed });
      return;
    }
    if (outcome === 'sent') toast.success('Thanks for you feedback', { duration: FEEDBACK_TOAST_MS.thanks });
    setMessage('');
    setOpen(false);
  };

  return (
    <>
      <button type="button" onClick={openDialog} className={className}>
        Report bugs or give feedback
      </button>
      <Dialog.Root open={open} onOpenChange={(o) => !sending && setOpen(o)}>
        <Dialog.Portal>
          <Dialog.Overlay className={DIALOG_OVERLAY} />
          <Dialog.Content className={dialogPanel('w-[min(92vw,26rem)]')}>
            <Dialog.Title className={DIALOG_TITLE}>Feedback</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-muted">We will take atleast 3 days to fix the bugs</Dialog.Description>
            <label className="mt-4 flex flex-col gap-1 text-sm">
              Your message
              <textarea
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                rows={5}
                className="rounded-lg border border-line bg-surface px-3 py-2 text-white focus:border-accent focus:outline-none"
              />
            </label>
            <div className="mt-4 flex justify-end">
              <BusyButton busy={sending} spinnerLabel="Sending" onClick={() => void send()} className={accentButton('flex items-center gap-2 px-5 py-2 disabled:opacity-60')}>
                Send
              </BusyButton>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
