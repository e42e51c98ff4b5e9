import { useQuery } from '@tanstack/react-query';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { homeRowsQuery } from '../../shared/lib/catalogue-queries.js';
import { useCurrentSong, usePlayerStore } from '../player/index.js';
import { useIsVideoMode } from './video-mode-store.js';

/**
 * SPEC#player-flame: the featured song (DESIGN §8: home rows `featuredSongId`) shows a
 * flame on the pause icon while its video plays.
 */
export function useFlame(): boolean {
  const song = useCurrentSong();
  const isPlaying = usePlayerStore((s) => s.isPlaying);
  const isVideo = useIsVideoMode(song?.id);
  const catalogue = useCatalogue();
  const { data: featured } = useQuery({ ...homeRowsQuery(catalogue), enabled: isVideo, select: (d) => d.featuredSongId ?? null });
  return Boolean(isVideo && isPlaying && song && featured === song.id);
}
