import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { ModuleName } from '../../app.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test/app.js';
import type { Engine } from '../../test/db.js';

export interface TestServer extends TestApp {
  /** `http://127.0.0.1:<port>`, the server's root (pass it to createSdkClient). */
  baseUrl: string;
  /** `http://127.0.0.1:<port>/v1`. */
  endpoint: string;
}

/**
 * The real app (backend only by default) on a fresh `engine` database,
 * listening on a loopback port, started (event bus, realtime). `close()`
 * stops it and drops the database.
 */
export async function startTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  only: readonly ModuleName[] = ['backend'],
  options: TestAppOptions = {},
): Promise<TestServer> {
  const t = await createTestApp(engine, env, only, options);
  const server = t.app.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  await t.app.start();
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...t,
    baseUrl,
    endpoint: `${baseUrl}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}
