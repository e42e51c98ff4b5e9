/**
 * Input no route can use, found before any route runs: malformed
 * percent-encoding in a URL, NUL characters (PostgreSQL text cannot hold
 * them) and unpaired UTF-16 surrogates (they have no UTF-8 form). Pure: each
 * check answers the first problem it finds, or null.
 */
export interface InputProblem {
  /** Where the problem is: a parameter name, `path` or `url`. */
  param: string;
  message: string;
}

export const MALFORMED_URL = 'The URL has malformed percent-encoding.';
export const NUL_CHARACTER = 'Value must not contain NUL characters.';
export const LONE_SURROGATE = 'Value must be valid Unicode text (it has an unpaired surrogate).';

const UNPAIRED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string, or null. */
export function stringProblem(s: string): string | null {
  if (s.includes('\0')) return NUL_CHARACTER;
  if (UNPAIRED.test(s)) return LONE_SURROGATE;
  return null;
}

/** Strict percent-decoding (`+` is a space in a query); null when malformed. */
function decode(s: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? s.replaceAll('+', ' ') : s);
  } catch {
    return null;
  }
}

export interface DecodedUrl {
  path: string;
  /** Query parameters in order, names and values decoded. */
  query: [string, string][];
}

/**
 * Decodes a request target (`/path?query`, as on the request line) strictly:
 * a `%` not followed by two hex digits, or bytes that are not UTF-8, make it
 * null (URLSearchParams would silently turn them into U+FFFD).
 */
export function decodeUrl(target: string): DecodedUrl | null {
  const hash = target.indexOf('#');
  const noHash = hash < 0 ? target : target.slice(0, hash);
  const q = noHash.indexOf('?');
  const path = decode(q < 0 ? noHash : noHash.slice(0, q), false);
  if (path === null) return null;
  const query: [string, string][] = [];
  for (const part of q < 0 ? [] : noHash.slice(q + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq), true);
    const value = decode(eq < 0 ? '' : part.slice(eq + 1), true);
    if (name === null || value === null) return null;
    query.push([name, value]);
  }
  return { path, query };
}

/**
 * Problems in a request target: malformed percent-encoding always; with
 * `strings`, also what `stringsProblem` finds.
 */
export function urlProblem(target: string, { strings }: { strings: boolean }): InputProblem | null {
  const url = decodeUrl(target);
  if (!url) return { param: 'url', message: MALFORMED_URL };
  return strings ? stringsProblem(url) : null;
}

/**
 * NUL characters in a decoded path or query, and NULs or unpaired surrogates
 * in JSON carried by a query value (the backend's `queries[]`). A problem in a
 * parameter's name is reported as `query`.
 */
export function stringsProblem(url: DecodedUrl): InputProblem | null {
  const inPath = stringProblem(url.path);
  if (inPath) return { param: 'path', message: inPath };
  for (const [name, value] of url.query) {
    const inName = stringProblem(name);
    if (inName) return { param: 'query', message: inName };
    const inValue = stringProblem(value);
    if (inValue) return { param: name, message: inValue };
    const json = parseJsonish(value);
    if (json.ok) {
      const inJson = jsonProblem(json.value);
      if (inJson) return { param: name, message: inJson.message };
    }
  }
  return null;
}

type Parsed = { ok: true; value: unknown } | { ok: false };

/** Parses text that looks like a JSON object, array or string; anything else is not JSON here. */
export function parseJsonish(text: string): Parsed {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[' && first !== '"') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The first string (key or value) anywhere in a parsed JSON value with a NUL
 * or an unpaired surrogate; `param` is the top-level key it is under (`''`
 * for a top-level key or a bare string). Walks
 * with its own stack, so deep nesting cannot overflow the call stack.
 */
export function jsonProblem(root: unknown): InputProblem | null {
  const stack: { value: unknown; param: string }[] = [{ value: root, param: '' }];
  while (stack.length > 0) {
    const { value, param } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return { param, message: problem };
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, param });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const problem = stringProblem(key);
        if (problem) return { param, message: problem };
        stack.push({ value: item, param: param === '' ? key : param });
      }
    }
  }
  return null;
}
