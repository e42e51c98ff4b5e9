import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../backend/test/server.js';
import { ENGINES } from '../../test/db.js';
import { seedLibrary, type TestLibrary } from '../test/library.js';

describe.each(ENGINES)('/download without PUBLIC_URL (%s)', (engine) => {
  let s: TestServer;
  let lib: TestLibrary;
  beforeAll(async () => {
    s = await startTestServer(engine, {}, ['catalogue']);
    lib = await seedLibrary(s.testDb.db);
  });
  afterAll(async () => s?.close());

  it('redirects site-relative, whatever Host or X-Forwarded-Host the request claims', async () => {
    const forged: Record<string, string>[] = [{}, { host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }];
    for (const headers of forged) {
      const r = await fetch(`${s.baseUrl}/download?id=${lib.elvish}`, { headers, redirect: 'manual' });
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe(`/media/${lib.elvish}/160.mp4?download=1`);
    }
  });
});
