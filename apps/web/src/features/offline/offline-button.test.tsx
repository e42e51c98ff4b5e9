// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import { findToast } from '../../test/toast.js';
import type { CollectionRef } from './download-manager.js';
import { DownloadsSection } from './downloads-section.js';
import { putAudio } from './offline-audio.js';
import { OfflineButton } from './offline-button.js';
import { installFakeOfflineDevice, type FakeOfflineDevice } from './offline-fake.js';
import { useOfflineStore } from './offline-store.js';

const SONG_BYTES = 1000;

/** An audio request the test answers by hand: bytes as they arrive, then the end (or a refusal). */
interface HeldRequest {
  url: string;
  aborted: boolean;
  send(bytes: number): Promise<void>;
  end(): Promise<void>;
}

let device: FakeOfflineDevice;
let requests: HeldRequest[];

beforeEach(() => {
  localStorage.clear();
  device = installFakeOfflineDevice();
  requests = [];
  // The network answers each song with SONG_BYTES bytes, sent when the test says.
  globalThis.fetch = async (input, init) => {
    let body!: ReadableStreamDefaultController<Uint8Array>;
    const request: HeldRequest = {
      url: String(input),
      aborted: false,
      send: (bytes) => act(async () => body.enqueue(new Uint8Array(bytes))),
      end: () => act(async () => body.close()),
    };
    const stream = new ReadableStream<Uint8Array>({ start: (c) => void (body = c) });
    init?.signal?.addEventListener('abort', () => {
      request.aborted = true;
      body.error(new DOMException('The operation was aborted.', 'AbortError'));
    });
    requests.push(request);
    return new Response(stream, { headers: { 'content-type': 'audio/mp4', 'content-length': String(SONG_BYTES) } });
  };
});
afterEach(() => {
  cleanup();
  toast.dismiss();
  device.restore();
});

const ALBUM: CollectionRef = { kind: 'album', id: 'a1', title: 'An Album', image: null };
const songs = [makeSong('s1'), makeSong('s2'), makeSong('s3')];
const show = () => renderApp(<><OfflineButton collection={ALBUM} songs={songs} /><DownloadsSection /></>);
const audio = (id: string) => `https://music.example/media/${id}/160kbps.mp4`;
const progress = () => {
  const bar = screen.getByRole('progressbar', { name: 'Download progress' });
  return { percent: Number(bar.getAttribute('aria-valuenow')), songs: bar.textContent };
};
/** The request for the song at `n` (0-based), once the download has asked for it. */
const request = async (n: number) => {
  await waitFor(() => expect(requests.length).toBeGreaterThan(n));
  return requests[n]!;
};
const kept = () => Object.keys(useOfflineStore.getState().index.songs).sort();
const downloadsRow = () => screen.getByRole('button', { name: 'Play An Album (downloaded)' }).textContent;

async function startAndFetchFirstSong() {
  show();
  fireEvent.click(screen.getByRole('button', { name: 'Make available offline' }));
  const first = await request(0);
  await first.send(SONG_BYTES);
  await first.end();
  const second = await request(1);
  await second.send(400);
  await waitFor(() => expect(progress()).toEqual({ percent: 47, songs: '1/3' }));
  return second;
}

describe('Make available offline, as the listener sees it', () => {
  it('shows the progress as songs and their bytes arrive, then a check once every song is on the device', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Make available offline' }));
    screen.getByRole('group', { name: 'Downloading An Album' });
    expect(progress()).toEqual({ percent: 0, songs: '0/3' });

    const first = await request(0);
    expect(first.url).toBe(audio('s1'));
    await first.send(500);
    // Half of the first of three songs.
    await waitFor(() => expect(progress()).toEqual({ percent: 17, songs: '0/3' }));
    await first.send(500);
    await first.end();
    await waitFor(() => expect(progress()).toEqual({ percent: 33, songs: '1/3' }));
    expect(downloadsRow()).toContain('1 of 3 songs');

    for (const n of [1, 2]) {
      const next = await request(n);
      await next.send(SONG_BYTES);
      await next.end();
    }
    await screen.findByRole('button', { name: 'Remove download' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(device.keptAudio()).toEqual(['s1', 's2', 's3']);
    expect(downloadsRow()).toContain('3 of 3 songs');
  });

  it('Pause stops the download and keeps the songs already fetched; the part of a song under way is not counted', async () => {
    const second = await startAndFetchFirstSong();
    fireEvent.click(screen.getByRole('button', { name: 'Pause download' }));
    await waitFor(() => expect(second.aborted).toBe(true));
    await screen.findByRole('button', { name: 'Resume download' });
    expect(progress()).toEqual({ percent: 33, songs: '1/3' });
    await act(async () => {}); // what the stopped download had under way settles
    expect(requests).toHaveLength(2);
    expect(kept()).toEqual(['s1']);
    expect(device.keptAudio()).toEqual(['s1']);
    expect(downloadsRow()).toContain('1 of 3 songs');
  });

  it('Pause while a fetched song is being written keeps that song and counts it', async () => {
    const second = await startAndFetchFirstSong();
    // The device's storage holds the next write until the test lets it go.
    let release = () => {};
    const written = new Promise<void>((r) => (release = r));
    const storage = globalThis.caches;
    globalThis.caches = {
      open: async (name: string) => {
        const cache = await storage.open(name);
        return { ...cache, put: async (key: RequestInfo | URL, res: Response) => (await written, cache.put(key, res)) } as Cache;
      },
    } as CacheStorage;
    await second.send(SONG_BYTES - 400);
    await second.end();
    fireEvent.click(screen.getByRole('button', { name: 'Pause download' }));
    await act(async () => release());
    await waitFor(() => expect(device.keptAudio()).toEqual(['s1', 's2']));
    expect(kept()).toEqual(['s1', 's2']);
    await waitFor(() => expect(progress()).toEqual({ percent: 67, songs: '2/3' }));
    screen.getByRole('button', { name: 'Resume download' });
    expect(downloadsRow()).toContain('2 of 3 songs');
  });

  it('Resume goes on from the song it stopped at; the songs kept are not fetched again', async () => {
    await startAndFetchFirstSong();
    fireEvent.click(screen.getByRole('button', { name: 'Pause download' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Resume download' }));
    await screen.findByRole('button', { name: 'Pause download' });
    for (const n of [2, 3]) {
      const next = await request(n);
      await next.send(SONG_BYTES);
      await next.end();
    }
    expect(requests.map((r) => r.url)).toEqual([audio('s1'), audio('s2'), audio('s2'), audio('s3')]);
    await screen.findByRole('button', { name: 'Remove download' });
    expect(device.keptAudio()).toEqual(['s1', 's2', 's3']);
  });

  it('Resume at once after Pause, before the stopped request has ended, still goes on', async () => {
    await startAndFetchFirstSong();
    // Both taps land before the aborted request settles.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Pause download' }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resume download' }));
    const again = await request(2);
    expect(again.url).toBe(audio('s2'));
    await again.send(SONG_BYTES);
    await again.end();
    const last = await request(3);
    await last.send(SONG_BYTES);
    await last.end();
    await screen.findByRole('button', { name: 'Remove download' });
    expect(device.keptAudio()).toEqual(['s1', 's2', 's3']);
  });

  it('Cancel stops the download and removes the partial copy from the device', async () => {
    const second = await startAndFetchFirstSong();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel download' }));
    await screen.findByRole('button', { name: 'Make available offline' });
    expect(second.aborted).toBe(true);
    await waitFor(() => expect(device.keptAudio()).toEqual([]));
    expect(useOfflineStore.getState().index).toEqual({ songs: {}, collections: {} });
    expect(useOfflineStore.getState().jobs).toEqual({});
    expect(screen.queryByRole('heading', { name: 'Downloads' })).toBeNull();
  });

  it('Cancel while paused removes the partial copy too; songs another kept collection holds stay', async () => {
    await putAudio('s1', new Blob([new Uint8Array(SONG_BYTES)]));
    useOfflineStore.getState().setIndex({
      songs: { s1: { song: songs[0]!, bytes: SONG_BYTES, savedAt: 1 } },
      collections: { 'playlist:p1': { kind: 'playlist', id: 'p1', title: 'A Playlist', image: null, songIds: ['s1'], savedAt: 1 } },
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Make available offline' }));
    // s1 is on the device already: the download asks for s2 first.
    const s2 = await request(0);
    expect(s2.url).toBe(audio('s2'));
    await s2.send(SONG_BYTES);
    await s2.end();
    await request(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pause download' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel download' }));
    await screen.findByRole('button', { name: 'Make available offline' });
    await waitFor(() => expect(device.keptAudio()).toEqual(['s1']));
    expect(kept()).toEqual(['s1']);
    expect(Object.keys(useOfflineStore.getState().index.collections)).toEqual(['playlist:p1']);
  });

  it('a download the server refuses says so and offers Resume', async () => {
    globalThis.fetch = async () => new Response('no', { status: 503 });
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Make available offline' }));
    expect((await findToast('Could not download An Album: the server answered 503')).type).toBe('error');
    screen.getByRole('button', { name: 'Resume download' });
    expect(progress()).toEqual({ percent: 0, songs: '0/3' });
  });
});
