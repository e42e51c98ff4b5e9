import { describe, expect, it } from 'vitest';
import { encodeSessionBlob } from '../backend/module.js';
import { ENGINES } from '../test/db.js';
import { LONE_SURROGATE, NUL_CHARACTER } from './input-hygiene.js';
import { DOCS, invalid, query, useGuardedApp } from './test/guarded-app.js';

/**
 * What the guards refuse on the backend (/v1) of the whole app: NULs anywhere,
 * unpaired surrogates in JSON, dates PostgreSQL cannot hold; and the good
 * input they let through.
 */
describe.each(ENGINES)('bad input against the whole app (%s)', (engine) => {
  const { call, post } = useGuardedApp(engine);
  let n = 0;

  describe('NUL characters on the backend answer 400 general_argument_invalid', () => {
    it.each(['name', 'email', 'password', 'userId'])('in the sign-up %s', async (param) => {
      const body = { userId: 'unique()', email: `new${++n}@example.com`, password: 'password123', name: 'Ada', [param]: `a\0${param}@example.com` };
      const res = await call('/v1/account', { method: 'POST', body: JSON.stringify(body), headers: { cookie: '' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(invalid(`Invalid \`${param}\` param: ${NUL_CHARACTER}`));
    });

    it.each(['email', 'password'])('in the sign-in %s', async (param) => {
      const body = { email: 'guard@example.com', password: 'password123', [param]: 'x\0' };
      const res = await call('/v1/account/sessions/email', { method: 'POST', body: JSON.stringify(body), headers: { cookie: '' } });
      expect(await res.json()).toEqual(invalid(`Invalid \`${param}\` param: ${NUL_CHARACTER}`));
    });

    it('in a prefs value or key, a new name or password', async () => {
      const cases: [string, string, object, string][] = [
        ['PATCH', '/v1/account/prefs', { prefs: { theme: 'da\0rk' } }, 'prefs'],
        ['PATCH', '/v1/account/prefs', { prefs: { ['th\0eme']: 'dark' } }, 'prefs'],
        ['PATCH', '/v1/account/name', { name: 'Ada\0' }, 'name'],
        ['PATCH', '/v1/account/password', { password: 'pass\0word456', oldPassword: 'password123' }, 'password'],
      ];
      for (const [method, path, body, param] of cases) {
        const res = await post(path, JSON.stringify(body), method);
        expect(res.status, `${path} ${param}`).toBe(400);
        expect(await res.json()).toEqual(invalid(`Invalid \`${param}\` param: ${NUL_CHARACTER}`));
      }
    });

    it('in document data, ids and permissions', async () => {
      const cases: [object, string][] = [
        [{ documentId: 'unique()', data: { message: 'hello\0 world' } }, 'data'],
        [{ documentId: 'd\0', data: { message: 'hello world' } }, 'documentId'],
        [{ documentId: 'unique()', data: { message: 'hello world' }, permissions: ['read("any\0")'] }, 'permissions'],
      ];
      for (const [body, param] of cases) {
        const res = await post(DOCS, JSON.stringify(body));
        expect(await res.json(), param).toEqual(invalid(`Invalid \`${param}\` param: ${NUL_CHARACTER}`));
      }
      const row = await post('/v1/tablesdb/lyra/tables/Feedback/rows', JSON.stringify({ rowId: 'unique()', data: { message: 'a\0b' } }));
      expect(await row.json()).toEqual(invalid(`Invalid \`data\` param: ${NUL_CHARACTER}`));
    });

    it('in query values and cursors', async () => {
      const value = await call(`${DOCS}?${query({ method: 'equal', attribute: 'message', values: ['a\0'] })}`);
      expect(value.status).toBe(400);
      expect(await value.json()).toEqual(invalid(`Invalid \`queries[0]\` param: ${NUL_CHARACTER}`));
      const cursor = await call(`${DOCS}?${query({ method: 'cursorAfter', values: ['d\0'] })}`);
      expect(await cursor.json()).toEqual(invalid(`Invalid \`queries[0]\` param: ${NUL_CHARACTER}`));
      const project = await call('/v1/account?project=ly%00ra');
      expect(await project.json()).toEqual(invalid(`Invalid \`project\` param: ${NUL_CHARACTER}`));
    });

    it('in ids in the path', async () => {
      for (const path of ['/v1/account/sessions/a%00b', `${DOCS}/d%00`, '/v1/databases/ly%00ra/collections/Feedback/documents']) {
        const res = await call(path);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual(invalid(`Invalid request path: ${NUL_CHARACTER}`));
      }
    });

    it('in a session credential (cookie, header or fallback header)', async () => {
      const blob = encodeSessionBlob({ userId: 'u\0', secret: 's' });
      const sources: Record<string, string>[] = [
        { cookie: `a_session_lyra=${blob}` },
        { cookie: '', 'x-appwrite-session': blob },
        { cookie: '', 'x-fallback-cookies': JSON.stringify({ a_session_lyra: blob }) },
      ];
      for (const headers of sources) {
        const res = await call('/v1/account', { headers });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual(invalid(`Invalid session credential: ${NUL_CHARACTER}`));
      }
    });
  });

  describe('unpaired surrogates in JSON on the backend answer 400 general_argument_invalid', () => {
    it('in prefs, a name and document data', async () => {
      const cases: [string, string, string, string][] = [
        ['PATCH', '/v1/account/prefs', '{"prefs":{"theme":"\\ud800"}}', 'prefs'],
        ['PATCH', '/v1/account/name', '{"name":"\\udc00Ada"}', 'name'],
        ['POST', DOCS, '{"documentId":"unique()","data":{"message":"hello \\ud83d world"}}', 'data'],
      ];
      for (const [method, path, body, param] of cases) {
        const res = await post(path, body, method);
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual(invalid(`Invalid \`${param}\` param: ${LONE_SURROGATE}`));
      }
    });
  });

  describe('dates PostgreSQL cannot hold in document queries answer 400 general_query_invalid', () => {
    it.each([
      [{ method: 'greaterThan', attribute: '$createdAt', values: ['0000-01-01T00:00:00.000+00:00'] }, '$createdAt', 'greaterThan'],
      [{ method: 'createdBefore', values: ['0000-01-01'] }, '$createdAt', 'createdBefore'],
      [{ method: 'updatedBetween', values: ['2020-01-01', '9999-12-31T23:00:00-05:00'] }, '$updatedAt', 'updatedBetween'],
    ])('%j', async (q, attribute, method) => {
      const res = await call(`${DOCS}?${query(q)}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body).toEqual({ ...invalid(body.message, 'general_query_invalid') });
      expect(body.message).toMatch(new RegExp(`^Invalid query: Query value is invalid for attribute "\\${attribute}" in ${method}: expected a date between the years 1 and 9999, got `));
    });
  });

  it('still serves good input: sign-up, a document and its query read their checked bodies', async () => {
    const user = await call('/v1/account', {
      method: 'POST',
      headers: { cookie: '' },
      body: JSON.stringify({ userId: 'unique()', email: 'fine@example.com', password: 'pass word ✓ 🎵', name: 'Zoë 🎵' }),
    });
    expect(user.status).toBe(201);
    expect(await user.json()).toMatchObject({ name: 'Zoë 🎵', email: 'fine@example.com' });
    const doc = await post(DOCS, JSON.stringify({ documentId: 'unique()', data: { userName: 'Ada', message: 'hello ✓ world 🎵' } }));
    expect(doc.status).toBe(201);
    const found = await call(`${DOCS}?${query({ method: 'createdAfter', values: ['0001-01-01T00:00:00.000+00:00'] })}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ total: 1, documents: [expect.objectContaining({ message: 'hello ✓ world 🎵' })] });
  });
});
