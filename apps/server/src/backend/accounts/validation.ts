import { missingParam } from '../http/errors.js';
import { checkId, checkLength, invalidParam, isObject, optionalParam, optionalString, requireString, type Params } from '../http/params.js';

/** Appwrite's Email validator, reduced to the shape that matters: local@domain.tld. */
const EMAIL_RE = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\].]{2,}$/;

export function emailParam(params: Params, name = 'email'): string {
  const v = requireString(params, name).trim();
  if (v.length > 254 || !EMAIL_RE.test(v)) throw invalidParam(name, 'Value must be a valid email address');
  return v;
}

/** Only spaces, separators and control characters: no secret at all. */
const BLANK_RE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Z}]*$/u;

/** Password: 8-256 characters, not only whitespace or control characters (backend-api.md §3). */
export function passwordParam(params: Params, name = 'password'): string {
  const v = requireString(params, name);
  if (v.length < 8 || v.length > 256) {
    throw invalidParam(name, 'Password must be between 8 and 256 characters long.');
  }
  if (BLANK_RE.test(v)) {
    throw invalidParam(name, 'Password must be between 8 and 256 characters long and must not consist only of whitespace or control characters.');
  }
  return v;
}

/** A user's name: up to 128 characters; may be omitted at sign-up. */
export const nameParam = (params: Params, required: boolean): string => {
  const v = required ? requireString(params, 'name') : (optionalString(params, 'name') ?? '');
  return checkLength('name', v, required ? 1 : 0, 128);
};

/** Prefs: a JSON object (never an array) of at most 64 KiB serialised, as Appwrite limits it. */
export function prefsParam(params: Params): Record<string, unknown> {
  const v = params.prefs;
  if (v === undefined || v === null) throw missingParam('prefs');
  if (!isObject(v)) throw invalidParam('prefs', 'Value must be a valid object.');
  if (JSON.stringify(v).length > 65_535) throw invalidParam('prefs', 'Value must be a valid object of at most 65535 characters.');
  return v;
}

/** E.164: a leading '+', a country code not starting with 0, at most 15 digits (Appwrite's Phone validator). */
const PHONE_RE = /^\+[1-9]\d{6,14}$/;

export function phoneParam(params: Params, name = 'phone'): string {
  const v = requireString(params, name);
  if (!PHONE_RE.test(v)) {
    throw invalidParam(name, "Phone number must start with a '+' can have a maximum of fifteen digits.");
  }
  return v;
}

/** An optional boolean (Appwrite's Boolean validator); JSON booleans only. */
export const optionalBoolean = (params: Params, name: string): boolean | undefined =>
  optionalParam(params, name, (v): v is boolean => typeof v === 'boolean', 'Value must be a valid boolean');

export function requireBoolean(params: Params, name: string): boolean {
  const v = optionalBoolean(params, name);
  if (v === undefined) throw missingParam(name);
  return v;
}

/** Appwrite's UID validator for ids that name existing things (no `unique()`). */
export const idParam = (params: Params, name: string): string => checkId(name, requireString(params, name));

/** A one-time secret from a link or a mail: up to 256 characters (Appwrite's Text(256)). */
export const secretParam = (params: Params, name = 'secret'): string => checkLength(name, requireString(params, name), 1, 256);
