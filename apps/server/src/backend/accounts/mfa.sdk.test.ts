import { AuthenticationFactor, AuthenticatorType, ID } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { codeIn, type Mailbox } from '../test/mailbox.js';
import { createSdkClient, sdkFailure as failure, type SdkClient } from '../test/sdk.js';
import type { TestServer } from '../test/server.js';
import { totpCode } from './mfa.js';
import { useMailServer } from './test/mail-server.js';

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const INVALID_TOKEN = { code: 401, type: 'user_invalid_token', message: 'Invalid token passed in the request.' };
const MORE_FACTORS = { code: 401, type: 'user_more_factors_required', message: 'More factors are required to complete the sign in process.' };
const CHALLENGE_REQUIRED = {
  code: 401,
  type: 'user_challenge_required',
  message: 'A recently successful challenge is required to complete this action. A challenge is considered recent for 30 minutes.',
};

describe.each(ENGINES)('multi-factor authentication through the appwrite SDK (%s)', (engine) => {
  const server = useMailServer(engine);
  const { clock } = server;
  let s: TestServer;
  let mailbox: Mailbox;
  beforeAll(() => void ({ s, mailbox } = server.state));
  let n = 0;

  async function signUp() {
    const email = `mfa${++n}@example.com`;
    const sdk = createSdkClient(s.baseUrl);
    const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123', name: `Mfa ${n}` });
    await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return { sdk, user, email };
  }

  const device = async (email: string) => {
    const sdk = createSdkClient(s.baseUrl);
    const session = await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
    return { sdk, session };
  };

  /** A user with a verified TOTP authenticator, recovery codes and MFA on. */
  async function withTotp() {
    const u = await signUp();
    const { secret, uri } = await u.sdk.account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    expect(uri).toBe(`otpauth://totp/Lyra:${encodeURIComponent(u.email)}?issuer=Lyra&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    await u.sdk.account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: totpCode(secret, clock.now()) });
    const { recoveryCodes } = await u.sdk.account.createMFARecoveryCodes();
    expect((await u.sdk.account.updateMFA({ mfa: true })).mfa).toBe(true);
    return { ...u, secret, recoveryCodes };
  }

  async function challenge(sdk: SdkClient, factor: AuthenticationFactor, otp: string) {
    const c = await sdk.account.createMFAChallenge({ factor });
    return sdk.account.updateMFAChallenge({ challengeId: c.$id, otp });
  }

  it('turns TOTP on: a wrong first code is refused, the right one verifies the authenticator', async () => {
    const { sdk } = await signUp();
    const { secret } = await sdk.account.createMFAAuthenticator({ type: AuthenticatorType.Totp });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = totpCode(secret, clock.now() + 10 * 60_000);
    expect(await failure(sdk.account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: wrong }))).toEqual(INVALID_TOKEN);
    const user = await sdk.account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp: totpCode(secret, clock.now()) });
    expect(user.mfa).toBe(false);
    expect(await sdk.account.listMFAFactors()).toEqual({ totp: true, phone: false, email: false, recoveryCode: false, custom: false });
    expect(await failure(sdk.account.createMFAAuthenticator({ type: AuthenticatorType.Totp }))).toEqual({
      code: 409,
      type: 'user_authenticator_already_verified',
      message: 'This authenticator is already verified on the current user.',
    });
    const res = await sdk.run(() =>
      fetch(`${s.endpoint}/account/mfa/authenticators/sms`, { method: 'POST', credentials: 'include', headers: { 'x-appwrite-project': 'lyra' } }),
    );
    expect(await res.json()).toMatchObject({ code: 400, type: 'general_argument_invalid', message: 'Invalid `type` param: Value must be one of (totp)' });
  });

  it('signs in again through a TOTP challenge; until then the account answers user_more_factors_required', async () => {
    const { email, secret, user } = await withTotp();
    const { sdk, session } = await device(email);
    expect(session.factors).toEqual(['password']);
    expect(await failure(sdk.account.get())).toEqual(MORE_FACTORS);
    expect(await failure(sdk.account.listSessions())).toEqual(MORE_FACTORS);
    expect(await sdk.account.listMFAFactors()).toEqual({ totp: true, phone: false, email: false, recoveryCode: true, custom: false });

    const c = await sdk.account.createMFAChallenge({ factor: AuthenticationFactor.Totp });
    expect(c).toMatchObject({ userId: user.$id });
    expect(c.expire).toMatch(TIME);
    const wrong = totpCode(secret, clock.now() + 10 * 60_000);
    expect(await failure(sdk.account.updateMFAChallenge({ challengeId: c.$id, otp: wrong }))).toEqual(INVALID_TOKEN);
    expect(await failure(sdk.account.get())).toEqual(MORE_FACTORS);
    const passed = await sdk.account.updateMFAChallenge({ challengeId: c.$id, otp: totpCode(secret, clock.now()) });
    expect(passed).toMatchObject({ $id: session.$id, factors: ['password', 'totp'], current: true });
    expect(passed.mfaUpdatedAt).toMatch(TIME);
    expect((await sdk.account.get()).$id).toBe(user.$id);
    expect(await failure(sdk.account.updateMFAChallenge({ challengeId: c.$id, otp: totpCode(secret, clock.now()) }))).toEqual(INVALID_TOKEN);
  });

  it('realtime treats a session still owing a factor as a guest', async () => {
    const { email } = await withTotp();
    const { sdk } = await device(email);
    const url = `${s.endpoint.replace('http:', 'ws:')}/realtime?project=lyra`;
    const ws = sdk.run(() => new (globalThis.WebSocket as unknown as new (u: string) => WebSocket)(url));
    const frames: { type: string; data: Record<string, unknown> }[] = [];
    ws.addEventListener('message', (m) => void frames.push(JSON.parse(String(m.data))));
    await expect.poll(() => frames[0]?.type, { timeout: 10_000 }).toBe('connected');
    expect(frames[0]!.data.user).toBeNull();
    ws.close();
  });

  it('a session still owing a factor can sign out', async () => {
    const { email } = await withTotp();
    const { sdk } = await device(email);
    await sdk.account.deleteSession({ sessionId: 'current' });
    expect(await failure(sdk.account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
  });

  it('a recovery code passes a challenge once', async () => {
    const { email, recoveryCodes } = await withTotp();
    expect(recoveryCodes).toHaveLength(6);
    const first = await device(email);
    await challenge(first.sdk, AuthenticationFactor.Recoverycode, recoveryCodes[0]!);
    expect((await first.sdk.account.get()).email).toBe(email);

    const second = await device(email);
    expect(await failure(challenge(second.sdk, AuthenticationFactor.Recoverycode, recoveryCodes[0]!))).toEqual(INVALID_TOKEN);
    expect(await failure(challenge(second.sdk, AuthenticationFactor.Recoverycode, 'not-a-code'))).toEqual(INVALID_TOKEN);
    await challenge(second.sdk, AuthenticationFactor.Recoverycode, recoveryCodes[1]!);

    // The codes left are shown again only after a recent challenge.
    expect((await second.sdk.account.getMFARecoveryCodes()).recoveryCodes).toEqual(recoveryCodes.slice(2));
    clock.advance(31 * 60_000);
    expect(await failure(second.sdk.account.getMFARecoveryCodes())).toEqual(CHALLENGE_REQUIRED);
    expect(await failure(second.sdk.account.updateMFARecoveryCodes())).toEqual(CHALLENGE_REQUIRED);
  });

  it('recovery codes: created once, renewed after a challenge', async () => {
    const { sdk, email, secret, recoveryCodes } = await withTotp();
    expect(await failure(sdk.account.createMFARecoveryCodes())).toEqual({
      code: 409,
      type: 'user_recovery_codes_already_exists',
      message: 'The current user already generated recovery codes and they can only be read once for security reasons.',
    });
    expect(await failure(sdk.account.getMFARecoveryCodes())).toEqual(CHALLENGE_REQUIRED);
    const other = await device(email);
    await challenge(other.sdk, AuthenticationFactor.Totp, totpCode(secret, clock.now()));
    const renewed = (await other.sdk.account.updateMFARecoveryCodes()).recoveryCodes;
    expect(renewed).toHaveLength(6);
    expect(renewed).not.toContain(recoveryCodes[0]);
    const third = await device(email);
    expect(await failure(challenge(third.sdk, AuthenticationFactor.Recoverycode, recoveryCodes[0]!))).toEqual(INVALID_TOKEN);
    await challenge(third.sdk, AuthenticationFactor.Recoverycode, renewed[0]!);
  });

  it('an email challenge mails a code once the email is verified', async () => {
    const { sdk, email } = await signUp();
    expect(await failure(sdk.account.createMFAChallenge({ factor: AuthenticationFactor.Email }))).toEqual({
      code: 400,
      type: 'user_email_not_verified',
      message: 'User email is not verified',
    });
    await sdk.account.createEmailVerification({ url: `${s.baseUrl}/` });
    const link = new URL((await mailbox.next(email)).text.split(/\s+/).find((w) => w.startsWith(s.baseUrl))!);
    await sdk.account.updateEmailVerification({ userId: link.searchParams.get('userId')!, secret: link.searchParams.get('secret')! });
    await sdk.account.updateMFA({ mfa: true });

    const other = await device(email);
    expect(await failure(other.sdk.account.get())).toEqual(MORE_FACTORS);
    const c = await other.sdk.account.createMFAChallenge({ factor: AuthenticationFactor.Email });
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Lyra verification code');
    const code = codeIn(mail);
    expect(await failure(other.sdk.account.updateMFAChallenge({ challengeId: c.$id, otp: code === '111111' ? '222222' : '111111' }))).toEqual(
      INVALID_TOKEN,
    );
    expect((await other.sdk.account.updateMFAChallenge({ challengeId: c.$id, otp: code })).factors).toEqual(['password', 'email']);
    expect((await other.sdk.account.get()).email).toBe(email);
    expect(await failure(other.sdk.account.createMFAChallenge({ factor: AuthenticationFactor.Phone }))).toEqual({
      code: 503,
      type: 'general_phone_disabled',
      message: 'Phone provider not configured',
    });
  });

  it('removes the authenticator after a recent challenge; then sign-in needs one factor again', async () => {
    const { email, secret, sdk } = await withTotp();
    expect(await failure(sdk.account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp }))).toEqual(CHALLENGE_REQUIRED);
    const other = await device(email);
    await challenge(other.sdk, AuthenticationFactor.Totp, totpCode(secret, clock.now()));
    await other.sdk.account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp });
    expect((await other.sdk.account.listMFAFactors()).totp).toBe(false);
    const later = await device(email);
    // MFA stays on, but recovery codes alone are no second factor: Appwrite asks none.
    expect((await later.sdk.account.get()).mfa).toBe(true);
    expect(await failure(other.sdk.account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp }))).toEqual({
      code: 404,
      type: 'user_authenticator_not_found',
      message: 'Authenticator could not be found on the current user.',
    });
  });

  it('answers bad challenge input in Appwrite\'s shape', async () => {
    const { sdk } = await signUp();
    expect(await failure(sdk.account.createMFAChallenge({ factor: 'sms' as AuthenticationFactor }))).toEqual({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `factor` param: Value must be one of (email, phone, totp, recoverycode)',
    });
    expect(await failure(sdk.account.updateMFAChallenge({ challengeId: 'nope', otp: '123456' }))).toEqual(INVALID_TOKEN);
    expect(await failure(sdk.account.updateMFA({ mfa: 'yes' as unknown as boolean }))).toEqual({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `mfa` param: Value must be a valid boolean',
    });
  });
});
