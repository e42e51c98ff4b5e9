// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { followCollection, makeAvailableOffline, pauseDownload } from './download-manager.js';
import { writeDownloadQuality } from './download-quality.js';
import { installFakeOfflineDevice, type FakeOfflineDevice } from './offline-fake.js';
import { collectionKey } from './offline-index.js';
import { useOfflineStore } from './offline-store.js';

let device: FakeOfflineDevice;
beforeEach(() => {
  localStorage.clear();
  device = installFakeOfflineDevice();
});
afterEach(() => device.restore());

const MIX = { kind: 'userPlaylist' as const, id: 'p1', title: 'Mix', image: null };
const MIX_KEY = collectionKey('userPlaylist', 'p1');
const songs = (...ids: string[]) => ids.map((id) => makeSong(id));
const catalogue = async (ids: string[]) => songs(...ids);
const index = () => useOfflineStore.getState().index;
const onDevice = () => Object.keys(index().songs).sort();

describe('a collection kept offline follows its songs', () => {
  it('a song added is fetched at the download quality; one removed leaves the device', async () => {
    await makeAvailableOffline(MIX, songs('s1', 's2'));
    writeDownloadQuality('96kbps');
    device.fetched.length = 0;
    await followCollection(MIX_KEY, ['s1', 's2', 's3'], catalogue);
    expect(device.fetched).toEqual(['https://music.example/media/s3/96kbps.mp4']);
    expect(index().collections[MIX_KEY]?.songIds).toEqual(['s1', 's2', 's3']);
    expect(onDevice()).toEqual(['s1', 's2', 's3']);

    await followCollection(MIX_KEY, ['s2', 's3'], catalogue);
    expect(onDevice()).toEqual(['s2', 's3']);
    expect(device.keptAudio()).toEqual(['s2', 's3']);
    expect(useOfflineStore.getState().jobs).toEqual({});
  });

  it('a song removed stays on the device while another kept collection holds it', async () => {
    await makeAvailableOffline(MIX, songs('s1', 's2'));
    await makeAvailableOffline({ kind: 'album', id: 'a1', title: 'An Album', image: null }, songs('s1'));
    await followCollection(MIX_KEY, ['s2'], catalogue);
    expect(index().collections[MIX_KEY]?.songIds).toEqual(['s2']);
    expect(onDevice()).toEqual(['s1', 's2']);
    expect(device.keptAudio()).toEqual(['s1', 's2']);
  });

  it('a collection that is not kept is left alone', async () => {
    let asked = false;
    await followCollection(MIX_KEY, ['s1'], async (ids) => ((asked = true), songs(...ids)));
    expect(asked).toBe(false);
    expect(index()).toEqual({ songs: {}, collections: {} });
    expect(device.fetched).toEqual([]);
  });

  it('a paused download takes the new list without fetching; Resume goes on from there', async () => {
    const first = makeAvailableOffline(MIX, songs('s1', 's2'));
    pauseDownload(MIX_KEY);
    await first;
    expect(useOfflineStore.getState().jobs[MIX_KEY]?.state).toBe('paused');
    const fetched = device.fetched.length;
    await followCollection(MIX_KEY, ['s1', 's2', 's3'], catalogue);
    expect(index().collections[MIX_KEY]?.songIds).toEqual(['s1', 's2', 's3']);
    expect(device.fetched).toHaveLength(fetched);
    expect(useOfflineStore.getState().jobs[MIX_KEY]?.state).toBe('paused');
  });

  it('a fetch under way starts again from the new list: a song removed meanwhile is not kept', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const network = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      await held;
      return network(input, init);
    };
    const first = makeAvailableOffline(MIX, songs('s1', 's2', 's3'));
    const follow = followCollection(MIX_KEY, ['s1', 's3'], catalogue);
    globalThis.fetch = network;
    release();
    await Promise.all([first, follow]);
    expect(index().collections[MIX_KEY]?.songIds).toEqual(['s1', 's3']);
    expect(onDevice()).toEqual(['s1', 's3']);
    expect(device.keptAudio()).toEqual(['s1', 's3']);
    expect(useOfflineStore.getState().jobs).toEqual({});
  });
});
