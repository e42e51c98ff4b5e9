import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ENGINES } from '../test/db.js';
import { bodyOf, credentials, encodeLoose, expectAppwriteError, nasty, numberish, SEED, urlPart, useFuzzApp, type Req } from './test/fuzz-kit.js';

/**
 * Random bad input against the account API (SPEC#account-api-get-account-post), signed in, signed out
 * and with forged credentials: no answer may be a 5xx (but 503
 * general_phone_disabled: there is no SMS provider), and every error is
 * Appwrite's `{message, code, type, version}`. Some values are ones the
 * routes accept (the fuzzing user's email, an allowed link URL, a known
 * factor), so requests also get past validation into the work.
 */
const LIKELY = {
  userId: ['fuzz-good', 'unique()', 'fuzz-other'],
  email: ['fuzz@example.com', 'someone@example.com'],
  url: ['http://localhost/recovery', 'http://localhost/', 'https://evil.example/'],
  secret: ['123456', 'x'.repeat(43)],
  password: ['new-password-1'],
  factor: ['totp', 'email', 'recoverycode', 'phone'],
  otp: ['123456', '000000'],
  mfa: [true, false],
  duration: [0, 60, 900, 3600, 3601, -1, 1.5],
  phrase: [true, false],
  phone: ['+14155550123', '0151 1234567'],
  targetId: ['unique()', 't1'],
  identifier: ['fcm-token', ''],
  providerId: ['fcm', null],
};
const likely = (fields: string[]) => Object.fromEntries(fields.filter((f) => f in LIKELY).map((f) => [f, LIKELY[f as keyof typeof LIKELY]]));
/** A body of `fields`, often with values the route accepts. */
const body = (...fields: string[]) => bodyOf(fields, likely(fields));
const call = (method: string, path: string, ...fields: string[]) =>
  fields.length === 0 ? fc.constant<Req>({ method, path }) : body(...fields).map((b): Req => ({ method, path, body: b }));

const queries = fc
  .array(fc.oneof(nasty, fc.constantFrom('{"method":"limit","values":[2]}', '{"method":"offset","values":[1]}', '{"method":"limit","values":[-1]}', '{"method":"equal","attribute":"event","values":["x"]}')), { maxLength: 3 })
  .map((qs) => qs.map((q, i) => `queries[${i}]=${encodeLoose(q)}`).join('&'));

/** Every account route but blocking the account, each with the fuzzing user's session, none or forged ones. */
const accountRequest: fc.Arbitrary<Req> = fc
  .tuple(
    fc.oneof(
      // The account, its preferences, sessions and identities.
      fc.tuple(fc.constantFrom('GET', 'DELETE'), fc.constantFrom('/v1/account', '/v1/account/prefs', '/v1/account/sessions', '/v1/account/identities')).map(
        ([method, path]): Req => ({ method, path }),
      ),
      fc.tuple(fc.constantFrom('GET', 'PATCH', 'DELETE'), urlPart).map(([method, id]): Req => ({ method, path: `/v1/account/sessions/${id}` })),
      call('POST', '/v1/account', 'userId', 'email', 'password', 'name'),
      fc.constantFrom('email', 'anonymous', 'token').chain((kind) => call('POST', `/v1/account/sessions/${kind}`, 'email', 'password', 'userId', 'secret')),
      fc.constantFrom('prefs', 'name', 'password').chain((what) => call('PATCH', `/v1/account/${what}`, 'prefs', 'name', 'password', 'oldPassword')),
      call('PATCH', '/v1/account/email', 'email', 'password'),
      call('PATCH', '/v1/account/phone', 'phone', 'password'),
      urlPart.map((id): Req => ({ method: 'DELETE', path: `/v1/account/identities/${id}` })),
      // Mailed secrets: recovery, verification, magic URL and email codes, and the phone ones.
      call('POST', '/v1/account/recovery', 'email', 'url'),
      call('PUT', '/v1/account/recovery', 'userId', 'secret', 'password'),
      fc.constantFrom('/v1/account/verification', '/v1/account/verifications/email', '/v1/account/verification/phone', '/v1/account/verifications/phone').chain(
        (path) => fc.oneof(call('POST', path, 'url'), call('PUT', path, 'userId', 'secret')),
      ),
      call('POST', '/v1/account/tokens/magic-url', 'userId', 'email', 'url', 'phrase'),
      call('POST', '/v1/account/tokens/email', 'userId', 'email', 'phrase'),
      call('POST', '/v1/account/tokens/phone', 'userId', 'phone'),
      fc.constantFrom('magic-url', 'phone').chain((kind) => call('PUT', `/v1/account/sessions/${kind}`, 'userId', 'secret')),
      // Two-factor: the switch, the authenticator, challenges, factors, recovery codes.
      call('PATCH', '/v1/account/mfa', 'mfa'),
      fc.tuple(fc.constantFrom('POST', 'PUT', 'DELETE'), fc.oneof(fc.constant('totp'), urlPart)).chain(([method, type]) => call(method, `/v1/account/mfa/authenticators/${type}`, 'otp')),
      fc.constantFrom('challenges', 'challenge').chain((c) => fc.oneof(call('POST', `/v1/account/mfa/${c}`, 'factor'), call('PUT', `/v1/account/mfa/${c}`, 'challengeId', 'otp'))),
      call('GET', '/v1/account/mfa/factors'),
      fc.constantFrom('GET', 'POST', 'PATCH').chain((method) => call(method, '/v1/account/mfa/recovery-codes')),
      // JWTs, made and used, and the account log.
      call('POST', '/v1/account/jwts', 'duration'),
      fc.oneof(nasty.map(encodeLoose), fc.tuple(nasty, nasty, nasty).map((p) => p.map((x) => Buffer.from(x).toString('base64url')).join('.'))).map(
        (jwt): Req => ({ method: 'GET', path: '/v1/account', headers: { 'x-appwrite-jwt': jwt } }),
      ),
      fc.tuple(queries, fc.option(fc.oneof(fc.constantFrom('true', 'false'), numberish))).map(([q, total]): Req => ({ method: 'GET', path: `/v1/account/logs?${q}${total === null ? '' : `&total=${total}`}` })),
      // Push targets.
      call('POST', '/v1/account/targets/push', 'targetId', 'identifier', 'providerId'),
      fc.tuple(fc.constantFrom('PUT', 'DELETE'), fc.oneof(fc.constant('t1'), urlPart)).chain(([method, id]) => call(method, `/v1/account/targets/${id}/push`, 'identifier')),
    ),
    fc.oneof({ arbitrary: fc.constant('good'), weight: 2 }, { arbitrary: credentials, weight: 2 }),
  )
  .map(([req, cred]): Req => ({ ...req, cred }));

/** Blocking an account, as another user (the fuzzing user's session must last), as nobody, or with forged credentials. */
const statusRequest: fc.Arbitrary<Req> = fc
  .tuple(fc.oneof(fc.constant(undefined), fc.constant(''), nasty), fc.oneof(fc.constant('other'), credentials.filter((c) => c !== 'good')))
  .map(([b, cred]): Req => ({ method: 'PATCH', path: '/v1/account/status', ...(b === undefined ? {} : { body: b }), cred }));

describe.each(ENGINES)('no bad input to the account API ends in a server error (%s)', (engine) => {
  const { inProcess, property } = useFuzzApp(engine);

  it('account, sessions, recovery, verification, magic URL and email tokens, MFA, JWTs, logs, targets, email and phone: every answer below 500 (but the designed 503 of the phone routes), errors in Appwrite shape', async () => {
    await fc.assert(property(accountRequest, inProcess, expectAppwriteError), { seed: SEED, numRuns: 800 });
  });

  it('blocking the account (PATCH /account/status): every answer below 500, errors in Appwrite shape', async () => {
    await fc.assert(property(statusRequest, inProcess, expectAppwriteError), { seed: SEED, numRuns: 40 });
  });
});
