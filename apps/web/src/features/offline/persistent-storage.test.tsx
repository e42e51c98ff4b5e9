// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong } from '../../test/songs.js';
import type { CollectionRef } from './download-manager.js';
import { DownloadsSection } from './downloads-section.js';
import { OfflineButton } from './offline-button.js';
import { useFakeOfflineDevice } from './offline-device-rig.js';

const device = useFakeOfflineDevice();

/** The browser's StorageManager: whether the app's storage is kept already, and its answer when asked to keep it. */
function browserStorage({ persisted = false, answer }: { persisted?: boolean; answer: () => Promise<boolean> }) {
  let kept = persisted;
  const persist = vi.fn(async () => (kept = await answer()));
  Object.defineProperty(navigator, 'storage', {
    value: { persist, persisted: async () => kept, estimate: async () => ({ usage: 0, quota: 0 }) },
    configurable: true,
  });
  return persist;
}

const album = (id: string): CollectionRef => ({ kind: 'album', id, title: `Album ${id}`, image: null });
const NOTE = 'The browser may clear these downloads when the device runs low on space';

function Screen() {
  return (
    <>
      {['a1', 'a2'].map((id) => (
        <div key={id} role="region" aria-label={`Album ${id}`}>
          <OfflineButton collection={album(id)} songs={[makeSong(`${id}-s1`), makeSong(`${id}-s2`)]} />
        </div>
      ))}
      <DownloadsSection />
    </>
  );
}

async function keep(id: string) {
  const region = screen.getByRole('region', { name: `Album ${id}` });
  fireEvent.click(within(region).getByRole('button', { name: 'Make available offline' }));
  await within(region).findByRole('button', { name: 'Remove download' });
}

describe('keeping songs offline asks the browser to keep the storage', () => {
  it('the first collection kept asks once; later ones, and a new page load, do not ask again', async () => {
    const persist = browserStorage({ answer: async () => true });
    const { unmount } = renderApp(<Screen />);
    await keep('a1');
    expect(persist).toHaveBeenCalledTimes(1);
    await keep('a2');
    unmount();
    renderApp(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Album a1 from this device' }));
    await keep('a1');
    expect(persist).toHaveBeenCalledTimes(1);
    expect(device().keptAudio()).toEqual(['a1-s1', 'a1-s2', 'a2-s1', 'a2-s2']);
  });

  it('granted, Downloads has no warning', async () => {
    const persist = browserStorage({ answer: async () => true });
    renderApp(<Screen />);
    await keep('a1');
    await screen.findByRole('button', { name: 'Play Album a1 (downloaded)' });
    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    await act(async () => {}); // the browser's answer is read
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('refused, the songs are still kept, Downloads says the browser may clear them, and the browser is not asked again', async () => {
    const persist = browserStorage({ answer: async () => false });
    renderApp(<Screen />);
    await keep('a1');
    expect(device().keptAudio()).toEqual(['a1-s1', 'a1-s2']);
    await screen.findByText(NOTE);
    await keep('a2');
    expect(persist).toHaveBeenCalledTimes(1);
    expect(device().keptAudio()).toEqual(['a1-s1', 'a1-s2', 'a2-s1', 'a2-s2']);
  });

  it('a storage the browser keeps already is not asked for', async () => {
    const persist = browserStorage({ persisted: true, answer: async () => true });
    renderApp(<Screen />);
    await keep('a1');
    expect(persist).not.toHaveBeenCalled();
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('a browser that fails to answer, or cannot be asked, still keeps the songs', async () => {
    browserStorage({ answer: () => Promise.reject(new DOMException('no', 'InvalidStateError')) });
    const { unmount } = renderApp(<Screen />);
    await keep('a1');
    expect(device().keptAudio()).toEqual(['a1-s1', 'a1-s2']);
    unmount();

    localStorage.clear();
    Object.defineProperty(navigator, 'storage', { value: {}, configurable: true });
    renderApp(<Screen />);
    await keep('a2');
    await waitFor(() => expect(device().keptAudio()).toEqual(['a1-s1', 'a1-s2', 'a2-s1', 'a2-s2']));
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
