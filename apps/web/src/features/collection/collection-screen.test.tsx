// @vitest-environment jsdom
import type { Song } from '@lyra/contracts/catalogue';
import { Trash2 } from 'lucide-react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { makeSong, makeSongs } from '../../test/songs.js';
import { usePlayerStore } from '../player/index.js';
import { CollectionScreen } from './collection-screen.js';
import { recalledScroll, rememberScroll } from '../../shared/lib/scroll-memory.js';
import { findToast } from '../../test/toast.js';
import { isVisible } from '../../test/visible.js';

const initialPlayer = usePlayerStore.getState();
beforeEach(() => {
  sessionStorage.clear();
  usePlayerStore.setState({ ...initialPlayer, queue: [], currentIndex: -1 }, true);
});
afterEach(cleanup);

const rendered = () => [...document.querySelectorAll('[role="listitem"] [data-song-id]')].map((b) => b.getAttribute('data-song-id'));

describe('the album / playlist / artist screen (SPEC#list-screen-shared-screen-songs, SPEC#list-screen-empty-state-no, SPEC#limits-lists)', () => {
  it('shows 10 placeholder rows while loading', () => {
    renderApp(<CollectionScreen songs={[]} isPending />);
    expect(screen.getByTestId('list-placeholders').children).toHaveLength(10);
  });

  it("shows 'No songs available' when empty, and a source's note under it", () => {
    renderApp(<CollectionScreen title="Mine" songs={[]} isPending={false} emptyNote="Playlist updations make take 5 mins" />);
    expect(isVisible(screen.getByText('No songs available'))).toBe(true);
    expect(isVisible(screen.getByText('Playlist updations make take 5 mins'))).toBe(true);
  });

  it('shows the decoded title, the description and the cover, or the default logo', () => {
    renderApp(<CollectionScreen title="Rock &amp; Roll" description="2021 · English Album · Mira" songs={makeSongs(1)} isPending={false} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rock & Roll');
    expect(isVisible(screen.getByText('2021 · English Album · Mira'))).toBe(true);
    expect(document.querySelector('section img')!.getAttribute('src')).toBe('/logo.svg');
  });

  it("an artist's picture is round: their initials until it has loaded, and kept when it fails", () => {
    const view = { title: 'Mira Solen', avatar: { id: 'ar-mira', name: 'Mira Solen' }, songs: makeSongs(1), isPending: false };
    renderApp(<CollectionScreen {...view} coverUrl="/images/ar-mira/500x500.jpg" />);
    const picture = document.querySelector('section [data-picture]')!;
    const img = picture.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/images/ar-mira/500x500.jpg');
    expect(picture.getAttribute('data-picture')).toBe('initials');
    expect(picture.querySelector('[data-initials]')!.getAttribute('data-initials')).toBe('MS');
    expect(picture.className).toMatch(/rounded-full.*size-32.*sm:size-44|size-32.*sm:size-44.*rounded-full/);
    fireEvent.load(img);
    expect(picture.getAttribute('data-picture')).toBe('loaded');
    cleanup();

    renderApp(<CollectionScreen {...view} coverUrl="/images/ar-mira/broken.jpg" />);
    fireEvent.error(document.querySelector('section [data-picture] img')!);
    expect(document.querySelector('section [data-picture] img')).toBeNull();
    expect(document.querySelector('section [data-picture]')!.getAttribute('data-picture')).toBe('initials');
  });

  it("an artist with no picture of their own shows their initials, and a plain circle while they load", () => {
    const { unmount } = renderApp(<CollectionScreen title="Zoë Quinn" avatar={{ id: 'ar-zoe', name: 'Zoë Quinn' }} coverUrl="/logo.svg" songs={[]} isPending={false} />);
    expect(document.querySelector('section [data-picture] img')).toBeNull();
    expect(document.querySelector('section [data-initials]')!.getAttribute('data-initials')).toBe('ZQ');
    unmount();
    renderApp(<CollectionScreen avatar={{ id: 'ar-zoe', name: '' }} songs={[]} isPending />);
    expect(document.querySelector('section [data-picture]')!.getAttribute('data-picture')).toBe('pending');
    expect(document.querySelector('section [data-initials]')).toBeNull();
  });

  it('renders only the rows on screen (plus one) of a 2,000-song list', () => {
    renderApp(<CollectionScreen title="Long" songs={makeSongs(2000)} isPending={false} />);
    const ids = rendered();
    expect(ids.length).toBeGreaterThan(0);
    // jsdom's window is 768px tall: 11 rows of 70px are visible, and one more.
    expect(ids.length).toBeLessThanOrEqual(Math.ceil(768 / 70) + 1);
    expect(ids[0]).toBe('song0001');
    expect(screen.getByRole('list', { name: 'Songs' }).style.height).toBe(`${2000 * 70}px`);
  });

  it('a tapped row becomes current with the queue set to it plus the next 9', () => {
    const songs = makeSongs(30);
    renderApp(<CollectionScreen title="Album" songs={songs} isPending={false} />);
    fireEvent.click(screen.getByRole('button', { name: /^Song 3(?!\d)/ }));
    const { queue, currentIndex, isPlaying } = usePlayerStore.getState();
    expect(queue.map((s) => s.id)).toEqual(songs.slice(2, 12).map((s) => s.id));
    expect(currentIndex).toBe(0);
    expect(isPlaying).toBe(true);
  });

  it("each row adds to the queue with 'Song added to queue'", async () => {
    renderApp(<CollectionScreen title="Album" songs={makeSongs(3)} isPending={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Song 2 to queue' }));
    expect(await findToast('Song added to queue')).toEqual({ type: 'success', description: null, action: null });
    expect(usePlayerStore.getState().queue.map((s) => s.id)).toEqual(['song0002']);
  });

  it("takes another row button from its source (a user's own playlist removes)", () => {
    const removed: Song[] = [];
    renderApp(
      <CollectionScreen
        title="Mine"
        songs={[makeSong(1)]}
        isPending={false}
        actionFor={(song) => ({ label: `Remove ${song.name} from playlist`, icon: <Trash2 aria-hidden />, onClick: () => removed.push(song) })}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Add Song 1 to queue' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Song 1 from playlist' }));
    expect(removed.map((s) => s.id)).toEqual(['song0001']);
  });
});

describe('scroll memory', () => {
  it('remembers a position per address and forgets nonsense', () => {
    rememberScroll('/playlist/p1', 1234.4);
    expect(recalledScroll('/playlist/p1')).toBe(1234);
    expect(recalledScroll('/playlist/p2')).toBe(0);
    sessionStorage.setItem('scroll:/album/a', '"x"');
    expect(recalledScroll('/album/a')).toBe(0);
  });
});
