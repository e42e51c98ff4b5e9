/**
 * Three instances of the built server on one PostgreSQL and one DATA_DIR, behind
 * nginx (scripts/cluster.mjs, as `npm run cluster -- 3` starts them): a session
 * made through the proxy is valid on every instance, a favourite written on one
 * reaches a realtime client of another and one connected through nginx, a scan
 * asked of two instances at once runs once, a tier transcoded by one instance is
 * served from the shared cache by another (nginx sending the bytes), and
 * sign-in failures spread over the instances share one limit; an instance killed
 * with SIGKILL is started again while nginx keeps serving. Needs nginx and
 * PostgreSQL (.ci/run installs both).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Channel, ID, type RealtimeResponseEvent } from 'appwrite';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondDevice, signedInClient } from '../apps/server/src/backend/documents/test/sdk-users.js';
import type { SdkClient } from '../apps/server/src/backend/test/sdk.js';
import { createTestDb, type TestDb } from '../apps/server/src/test/db.js';
import { musicSubset, REPO_ROOT } from './harness.js';

interface Instance {
  index: number;
  url: string;
  admin: { url: string; token: string };
  /** The instance's current process (a new one after a restart). */
  proc: { pid?: number; kill(signal: NodeJS.Signals): boolean };
  log(): string;
}
interface Cluster {
  url: string;
  servers: Instance[];
  stop(): Promise<void>;
}
interface ClusterModule {
  startCluster(opts: Record<string, unknown>): Promise<Cluster>;
}

type Event = RealtimeResponseEvent<Record<string, unknown>>;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const favorite = async (c: SdkClient, userId: string, songId: string) =>
  (await c.databases.createDocument({ databaseId: 'lyra', collectionId: 'Favorite', documentId: ID.unique(), data: { userId, songId } })).$id;

/** The SDK sends `subscribe` without telling us: repeat a probe write until its event arrives. */
async function untilLive(received: Event[], probe: () => Promise<string>) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const id = await probe();
    for (let i = 0; i < 10; i++) {
      if (received.some((e) => e.payload.$id === id)) return;
      await pause(50);
    }
  }
  throw new Error('subscription never went live');
}

const admin = (s: Instance, path: string, method = 'GET') =>
  fetch(`${s.admin.url}${path}`, { method, headers: { authorization: `Bearer ${s.admin.token}` } });

describe('three instances behind nginx on one PostgreSQL', () => {
  let cluster: Cluster;
  let testDb: TestDb;
  let dataDir: string;
  let musicDir: string;

  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    await testDb.db.close();
    dataDir = mkdtempSync(join(tmpdir(), 'lyra-cluster-data-'));
    musicDir = musicSubset(6);
    const { startCluster } = (await import(pathToFileURL(join(REPO_ROOT, 'scripts/cluster.mjs')).href)) as ClusterModule;
    cluster = await startCluster({
      instances: 3,
      databaseUrl: testDb.url,
      dataDir,
      musicDir,
      quiet: true,
      env: { SCAN_WATCH: 'off', VIDEO_WORKER: 'off', LOUDNESS_SCAN: 'off' },
    });
    // The start-up scans (the first fills the shared catalogue) are over on every instance.
    const settled = async () => {
      for (const server of cluster.servers) {
        const { data } = (await (await admin(server, '/admin/catalogue/status')).json()) as { data: { tracks: number; scanning: boolean } };
        if (data.scanning || data.tracks === 0) return false;
      }
      return true;
    };
    for (const until = Date.now() + 60_000; !(await settled()); await pause(250)) {
      if (Date.now() > until) throw new Error(`the start-up scans did not finish:\n${cluster.servers.map((x) => x.log()).join('\n')}`);
    }
  });

  afterAll(async () => {
    await cluster?.stop();
    await testDb?.drop().catch(() => {});
    for (const dir of [dataDir, musicDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a session made through the proxy valid on every instance, and delivers a favourite written on one to realtime clients of the others', async () => {
    const [one, two] = cluster.servers as [Instance, Instance, Instance];
    const ada = await signedInClient(cluster.url, 'ada');
    const cookie = ada.browser.jar
      .all()
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    for (const s of cluster.servers) {
      const res = await fetch(`${s.url}/v1/account`, { headers: { cookie, 'x-appwrite-project': 'lyra' } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { $id: string }).$id).toBe(ada.userId);
    }

    const writer = await secondDevice(one.url, ada.email);
    const laptop = await secondDevice(two.url, ada.email);
    const onLaptop: Event[] = [];
    const onProxy: Event[] = [];
    await laptop.realtime.subscribe(Channel.database('lyra').collection('Favorite').document(), (e) => void onLaptop.push(e as Event));
    await ada.realtime.subscribe(Channel.database('lyra').collection('Favorite').document(), (e) => void onProxy.push(e as Event));
    let n = 0;
    await untilLive(onLaptop, () => favorite(writer, ada.userId, `probe-${n++}`));
    await untilLive(onProxy, () => favorite(writer, ada.userId, `probe-${n++}`));

    const id = await favorite(writer, ada.userId, 'song-42');
    for (const received of [onLaptop, onProxy]) {
      await expect.poll(() => received.find((e) => e.payload.$id === id), { timeout: 10_000 }).toMatchObject({ payload: { $id: id, userId: ada.userId, songId: 'song-42' } });
      const event = received.find((e) => e.payload.$id === id)!;
      expect(event.events[0]).toBe(`databases.lyra.collections.Favorite.documents.${id}.create`);
      expect(event.payload).toMatchObject({ $id: id, userId: ada.userId, songId: 'song-42' });
    }
    await laptop.realtime.disconnect();
    await ada.realtime.disconnect();
  });

  it('runs a scan asked of two instances at once only once', async () => {
    const [one, two] = cluster.servers as [Instance, Instance, Instance];
    const rescan = async (s: Instance) =>
      ((await (await admin(s, '/admin/catalogue/rescan?wait=true', 'POST')).json()) as { data: { complete: boolean; seen: number } }).data;
    // Sent together, the two scans overlap unless one instance is held up past the other's whole
    // scan (a busy machine): then both may run, one after the other, and the pair is asked again.
    let reports = await Promise.all([rescan(one), rescan(two)]);
    for (let attempt = 1; attempt < 5 && reports.every((r) => r.complete); attempt++) reports = await Promise.all([rescan(one), rescan(two)]);
    expect(reports.map((r) => r.complete).sort()).toEqual([false, true]);
    const skipped = reports[0]!.complete ? two : one;
    expect(reports.find((r) => !r.complete)!.seen).toBe(0);
    expect(skipped.log()).toContain('another server instance is scanning; retrying later');
  });

  it('serves a tier transcoded by one instance from the shared cache on another, the bytes sent by nginx', async () => {
    const [one, two] = cluster.servers as [Instance, Instance, Instance];
    const sql = postgres(testDb.url!, { max: 1 });
    const [track] = await sql<{ id: string }[]>`select id from tracks order by id limit 1`;
    await sql.end();
    const path = `/media/${track!.id}/96.mp4`;

    const first = await fetch(`${one.url}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    await first.arrayBuffer();
    const dir = join(dataDir, 'cache/audio', track!.id);
    const cachedName = () => readdirSync(dir).find((f) => /^96-[0-9a-f]{12}\.mp4$/.test(f));
    await expect.poll(cachedName, { timeout: 30_000 }).toMatch(/^96-[0-9a-f]{12}\.mp4$/);
    const cached = readFileSync(join(dir, cachedName()!));

    // The other instance only authorises: its answer names the file for nginx.
    const other = await fetch(`${two.url}${path}`);
    expect(other.status).toBe(200);
    expect(other.headers.get('x-accel-redirect')).toBe(`/_media/cache/audio/${track!.id}/${cachedName()}`);
    expect(other.headers.get('x-audio-bitrate')).toBe('96');
    expect((await other.arrayBuffer()).byteLength).toBe(0);

    // Through nginx: ranges of the cached file, with the server's headers.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${cluster.url}${path}`, { headers: { range: 'bytes=100-1099' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${cached.length}`);
      expect(res.headers.get('content-type')).toBe('audio/mp4');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('x-audio-bitrate')).toBe('96');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('x-accel-redirect')).toBeNull();
      expect(Buffer.from(await res.arrayBuffer()).equals(cached.subarray(100, 1100))).toBe(true);
    }
  });

  it('has nginx send original files for Subsonic downloads, the instance only authorising', async () => {
    const sub = await signedInClient(cluster.url, 'sub');
    const sql = postgres(testDb.url!, { max: 1 });
    const [track] = await sql<{ id: string; path: string }[]>`select id, path from tracks where path ~ ' ' order by id limit 1`;
    await sql.end();
    const query = new URLSearchParams({ u: sub.email, p: 'password123', v: '1.16.1', c: 'e2e', id: track!.id });
    const original = readFileSync(join(musicDir, track!.path));

    const direct = await fetch(`${cluster.servers[2]!.url}/rest/download?${query}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('x-accel-redirect')).toBe(`/_media/music/${track!.path.split('/').map(encodeURIComponent).join('/')}`);
    expect((await direct.arrayBuffer()).byteLength).toBe(0);

    const res = await fetch(`${cluster.url}/rest/download?${query}`, { headers: { range: 'bytes=0-' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-${original.length - 1}/${original.length}`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
  });

  it('counts sign-in failures spread over the instances against one limit', async () => {
    const email = `nobody-${process.pid}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const s = cluster.servers[i % 3]!;
      const res = await fetch(`${s.url}/v1/account/sessions/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'lyra' },
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(((await res.json()) as { type: string }).type).toBe('general_rate_limit_exceeded');
      else await res.arrayBuffer();
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429, 429]);
  });

  it('starts an instance killed with SIGKILL again on its port, and nginx serves throughout', async () => {
    const victim = cluster.servers[1]!;
    const killed = victim.proc.pid;
    victim.proc.kill('SIGKILL');
    // nginx passes over the dead instance to the others.
    for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
    await expect.poll(() => victim.log(), { timeout: 10_000 }).toContain(`instance ${victim.index} exited (SIGKILL); starting it again in 1 s`);

    const replaced = async () => (victim.proc.pid === killed ? 0 : (await fetch(`${victim.url}/readyz`).catch(() => null))?.status ?? 0);
    await expect.poll(replaced, { timeout: 60_000 }).toBe(200);
    await expect.poll(async () => (await admin(victim, '/admin/catalogue/status').catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200);
    for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
  });
});
