import { SIGN_IN_TO_LISTEN } from './private-access.js';
import { SignInButton } from './sign-in-button.js';

/**
 * What a private server shows a signed-out visitor in place of the screens:
 * the Profile's sign-in. Its own chunk, loaded only then (the sign-in dialog
 * is not part of start-up).
 */
export function SignInScreen() {
  return (
    <section className="flex flex-col items-center gap-5 px-2 pt-8 text-center">
      <h1 className="text-2xl font-bold">Your Music, Your Favorites, Your Way!</h1>
      <p className="text-sm text-muted">{SIGN_IN_TO_LISTEN}</p>
      <SignInButton />
    </section>
  );
}
