import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmailSignInDialog } from './email-sign-in-dialog.js';
import { primaryButtonClass } from './form-ui.js';
import { useSessionUser } from './session-store.js';

/** The web app's words for an invitation link without its secret (the server's own refusals are shown as it words them). */
export const NO_INVITATION = "This invitation link is not valid. Ask the server's owner for a new one.";

/**
 * /join?invitation=…: where an administrator's invitation link lands (SPEC
 * §2 Join). The sign-up opens at once with the invitation; once the account is
 * made and signed in, the listener goes Home. An expired, used-up or forged
 * invitation is refused by the server, whose message the form shows.
 */
export function JoinScreen() {
  const [params] = useSearchParams();
  const invitation = params.get('invitation') ?? '';
  const user = useSessionUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(invitation !== '');

  useEffect(() => {
    if (user) void navigate('/', { replace: true });
  }, [user, navigate]);

  return (
    <section className="flex flex-col items-center gap-5 px-2 pt-8 text-center">
      <h1 className="text-2xl font-bold">You're invited to listen on this server</h1>
      {invitation === '' ? (
        <p role="alert" className="text-sm text-red-300">
          {NO_INVITATION}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">Make your account with your email and a password.</p>
          <button type="button" onClick={() => setOpen(true)} className={primaryButtonClass}>
            Create account
          </button>
          <EmailSignInDialog open={open} onOpenChange={setOpen} initialMode="signUp" invitation={invitation} />
        </>
      )}
      <Link to="/profile" className="text-sm text-accent-text hover:underline">
        I already have an account
      </Link>
    </section>
  );
}
