import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { REPO_ROOT } from '../../config.js';

/** The OpenSubsonic reference's per-endpoint JSON schemas, for checking our answers. */
const ROOT = join(REPO_ROOT, 'docs/reference/opensubsonic/openapi');
const BASE = 'https://opensubsonic.invalid/';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

let ajv: Ajv | null = null;
function schemas(): Ajv {
  if (ajv) return ajv;
  const a = new Ajv({ strict: false, allErrors: true });
  formats.default(a);
  for (const file of files(ROOT)) {
    const rel = relative(ROOT, file).split('\\').join('/');
    if (rel === 'openapi.json' || rel.startsWith('endpoints/') && !rel.slice('endpoints/'.length).includes('/')) continue;
    a.addSchema({ ...readJson(file), $id: BASE + rel });
  }
  return (ajv = a);
}

type Obj = Record<string, unknown>;
const at = (o: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Obj)[k] : undefined), o);

/** The schema of `method`'s JSON answer (GET), as the reference's endpoint file names it. */
export function responseValidator(method: string): ValidateFunction {
  const endpointFile = join(ROOT, 'endpoints', `${method}.json`);
  let base = posix.dirname(`endpoints/${method}.json`);
  let ok = at(readJson(endpointFile), 'get', 'responses', '200');
  const shared = at(ok, '$ref');
  if (typeof shared === 'string') {
    const rel = posix.normalize(posix.join(base, shared));
    ok = readJson(join(ROOT, rel));
    base = posix.dirname(rel);
  }
  const ref = at(ok, 'content', 'application/json', 'schema', '$ref');
  if (typeof ref !== 'string') throw new Error(`no JSON schema for ${method}`);
  const id = BASE + posix.normalize(posix.join(base, ref));
  const validate = schemas().getSchema(id);
  if (!validate) throw new Error(`schema ${id} not loaded (${dirname(endpointFile)})`);
  return validate;
}

/** Throws with ajv's messages when `body` does not match `method`'s schema. */
export function expectSchema(method: string, body: unknown): void {
  const validate = responseValidator(method);
  if (!validate(body)) throw new Error(`${method}: ${JSON.stringify(validate.errors, null, 2)}`);
}
