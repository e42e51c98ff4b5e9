import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { hashPassword, usersStore } from '../../backend/module.js';
import { buildFixtureLibrary } from '../../catalogue/test/fixtures.js';
import { startTestServer, type TestServer } from '../../backend/test/server.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app.js';
import type { Engine } from '../../test/db.js';
import { issueCredentials, type IssuedCredentials } from '../credentials.js';
import { loadOrCreateKey, secretBox } from '../secret-box.js';

const run = promisify(execFile);

export const EMAIL = 'listener@example.org';
export const PASSWORD = 'correct horse battery';

export interface Harness {
  t: TestApp;
  /** The scanned music folder (add files, then rescan). */
  musicDir: string;
  creds: IssuedCredentials;
  userId: string;
  close(): Promise<void>;
}

/** The real app (catalogue + backend, so the subsonic module) over the scanned fixture library, with one account. */
export async function startHarness(engine: Engine, opts: TestAppOptions = {}): Promise<Harness> {
  return prepare(async (env) => createTestApp(engine, env, ['catalogue', 'backend'], opts));
}

/** The same, listening on a loopback port and started (realtime), for the appwrite SDK and HTTP clients. */
export async function startServerHarness(engine: Engine): Promise<Harness & { t: TestServer }> {
  return prepare(async (env) => startTestServer(engine, env, ['catalogue', 'backend']));
}

async function prepare<T extends TestApp>(open: (env: Record<string, string>) => Promise<T>): Promise<Harness & { t: T }> {
  const musicDir = await mkdtemp(join(tmpdir(), 'lyra-subsonic-music-'));
  await buildFixtureLibrary(musicDir);
  const t = await open({ MUSIC_DIR: musicDir, LOUDNESS_SCAN: 'off' });
  await rescan(t);
  const db = t.testDb.db;
  // The server's first account would be its administrator: the harness's is an ordinary listener
  // (tests that need an administrator label one).
  await db.query('insert into admin_claim (one) values (true) on conflict do nothing');
  const user = await usersStore(db).insert({
    id: 'u-listener',
    email: EMAIL,
    name: 'Listener',
    passwordHash: await hashPassword(PASSWORD),
    emailVerification: true,
    at: new Date(),
  });
  if (!user) throw new Error('could not create the test user');
  const box = secretBox(await loadOrCreateKey(t.dataDir));
  const creds = await issueCredentials(db, box, EMAIL, { rotate: false, now: new Date() });
  return {
    t,
    musicDir,
    creds,
    userId: user.id,
    async close() {
      await t.close();
      await rm(musicDir, { recursive: true, force: true });
    },
  };
}

/**
 * Adds a 100 s stereo WAV (about 17.6 MB: over the open-file cache's in-memory limit, so every read of it
 * goes to the shared descriptor) to the music folder at `Long/long-tone.wav`, and scans.
 */
export async function addLongTone(h: Harness): Promise<void> {
  await mkdir(join(h.musicDir, 'Long'), { recursive: true });
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=100', '-ac', '2', '-ar', '44100', join(h.musicDir, 'Long/long-tone.wav')]);
  await rescan(h.t);
}

/** A scan of the music folder (the default kind), waited for. */
export async function rescan(t: TestApp): Promise<void> {
  const scan = await t.app.request('/api/admin/rescan?wait=true', { method: 'POST' });
  if (scan.status !== 200) throw new Error(`scan failed: ${scan.status}`);
}

/** Token auth parameters for `password`: t = md5(password + s). */
export function tokenParams(username: string, password: string, salt = 'c19b2d'): Record<string, string> {
  return { u: username, t: createHash('md5').update(password + salt).digest('hex'), s: salt };
}

export type Body = Record<string, unknown> & { status: string; error?: { code: number; message: string } };

export interface Client {
  json(method: string, params?: Record<string, string>): Promise<Body>;
  xml(method: string, params?: Record<string, string>): Promise<{ text: string; doc: Record<string, unknown>; lists: unknown }>;
  raw(method: string, params?: Record<string, string>, init?: RequestInit): Promise<Response>;
}

export const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Calls /rest/<method> with `auth` on every request. */
export function client(t: TestApp, auth: Record<string, string>): Client {
  const raw = (method: string, params: Record<string, string> = {}, init?: RequestInit) =>
    t.app.request(`/rest/${method}?${query({ ...auth, c: 'test', v: '1.16.1', ...params })}`, init);
  return {
    raw,
    async json(method, params = {}) {
      const r = await raw(method, { ...params, f: 'json' });
      if (r.status !== 200) throw new Error(`${method}: HTTP ${r.status}`);
      const body = (await r.json()) as { 'subsonic-response': Body };
      return body['subsonic-response'];
    },
    async xml(method, params = {}) {
      const r = await raw(method, params);
      if (r.status !== 200) throw new Error(`${method}: HTTP ${r.status}`);
      const text = await r.text();
      const valid = XMLValidator.validate(text);
      if (valid !== true) throw new Error(`${method}: malformed XML: ${JSON.stringify(valid.err)}`);
      return { text, doc: parseXml(text), lists: parseXmlLists(text) };
    },
  };
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false, textNodeName: 'value' });

export function parseXml(text: string): Record<string, unknown> {
  return parser.parse(text) as Record<string, unknown>;
}

/** Every element as a list, so the parse has one shape whatever the count: to compare with `xmlView`. */
const listParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  textNodeName: 'value',
  ignoreDeclaration: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/** An element's parse, tidied: an empty element is {} (elements are the list items; attributes stay as they are). */
function tidy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => (x === '' ? {} : tidy(x)));
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, tidy(x)]));
  return v;
}

export const parseXmlLists = (text: string): unknown => tidy(listParser.parse(text));

/**
 * What the XML parse of a JSON answer must be, worked out independently of the
 * serializer: scalars are attribute strings, objects one-element lists, arrays
 * lists of elements (none when empty), `value` the text, scalar items text elements.
 */
export function xmlView(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(xmlView);
  if (typeof value !== 'object' || value === null) return String(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v == null) continue;
    if (Array.isArray(v)) {
      if (v.length) out[k] = v.map(xmlView);
    } else if (typeof v === 'object') out[k] = [xmlView(v)];
    else out[k] = String(v);
  }
  const keys = Object.keys(out);
  return keys.length === 1 && keys[0] === 'value' ? out.value : out;
}

/** One element or a list of them, as a list (the XML parser gives a lone child as an object). */
export const many = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
