import type { Song } from '@lyra/contracts/catalogue';
import type { StoreApi } from 'zustand';
import { primaryArtistNames, songTitle } from '../../shared/lib/song-view.js';
import type { PlayerState } from './player-store.js';

/** The tab's title while a song plays: "Title · Artist"; otherwise the page's own. */
export function titleWhilePlaying(song: Song | undefined, isPlaying: boolean, pageTitle: string): string {
  return song && isPlaying ? `${songTitle(song)} · ${primaryArtistNames(song)}` : pageTitle;
}

/** Keeps `doc.title` on the playing song, and puts the page's own title back when playback stops. */
export function followDocumentTitle(store: Pick<StoreApi<PlayerState>, 'getState' | 'subscribe'>, doc: { title: string } = document): () => void {
  const pageTitle = doc.title;
  const apply = (s: PlayerState) => {
    const title = titleWhilePlaying(s.queue[s.currentIndex], s.isPlaying, pageTitle);
    if (doc.title !== title) doc.title = title;
  };
  apply(store.getState());
  return store.subscribe(apply);
}
