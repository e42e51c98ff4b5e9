import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../shared/ui/spinner.js';
import { accountKey, useAccountApi } from './account-api.js';
import { readLinkParams } from './account-links.js';
import { AccountPage } from './account-page.js';
import { primaryButtonClass } from './form-ui.js';
import { linkFailureMessage } from './failure-messages.js';

const ASK_AGAIN = 'Send a new one from your profile.';

/** /verify: where the verification mail's link lands; confirms the email and says so. */
export function VerifyScreen() {
  const [params] = useSearchParams();
  const account = useAccountApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string }>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // The secret is single-use: one attempt per visit, even when effects run twice.
    if (started.current) return;
    started.current = true;
    const link = readLinkParams(params);
    if (!link) return setState({ kind: 'failed', message: `This link is incomplete. ${ASK_AGAIN}` });
    void (async () => {
      try {
        await (await account()).updateVerification(link.userId, link.secret);
        await queryClient.invalidateQueries({ queryKey: accountKey });
        setState({ kind: 'done' });
      } catch (e) {
        setState({ kind: 'failed', message: linkFailureMessage(e, ASK_AGAIN) });
      }
    })();
  }, [params, account, queryClient]);

  return (
    <AccountPage title={state.kind === 'done' ? 'Email verified' : 'Verify your email'}>
      {state.kind === 'working' && (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Spinner className="size-4" />
          Verifying your email...
        </p>
      )}
      {state.kind === 'done' && <p role="status">Your email is verified. Thank you!</p>}
      {state.kind === 'failed' && <p role="alert">{state.message}</p>}
      {state.kind !== 'working' && (
        <Link to="/profile" className={`self-start ${primaryButtonClass}`}>
          Go to your profile
        </Link>
      )}
    </AccountPage>
  );
}
