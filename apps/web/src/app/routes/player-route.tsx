import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PlayerScreen } from '../../features/player/components/player-screen.js';
import { PlayerSkeleton } from '../../features/player/components/player-skeleton.js';
import { commands } from '../../features/player/index.js';
import { usePlayerStore, useCurrentSong } from '../../features/player/player-store.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { accentButton } from '../../shared/ui/button-classes.js';
import { useIsDesktop } from '../shell/use-is-desktop.js';
import { usePlayerSlots } from './player-slots.js';

/**
 * /player/:songId. Arriving with `?share` (or at a song that is not current)
 * fetches the song by id, makes it current, queues it and stays paused
 * (SPEC#player-optional-query-parameter). Afterwards the address follows the current song. Back goes to /
 * when the screen was the first one opened (a shared link), else one step
 * back (DESIGN §8: never trap the listener).
 */
export function PlayerRoute() {
  const { songId = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const queryClient = useQueryClient();
  const current = useCurrentSong();
  const wide = useIsDesktop();
  const slots = usePlayerSlots();
  const fromShare = useRef(params.has('share') || location.key === 'default');
  const [status, setStatus] = useState<'opening' | 'ready' | 'missing'>(() =>
    !params.has('share') && usePlayerStore.getState().queue[usePlayerStore.getState().currentIndex]?.id === songId ? 'ready' : 'opening',
  );

  useEffect(() => {
    if (status !== 'opening') return;
    const state = usePlayerStore.getState();
    const queued = state.queue.find((s) => s.id === songId);
    // The full screen renders in a transition: React builds it in short slices.
    const ready = () => startTransition(() => setStatus('ready'));
    if (queued && !params.has('share')) {
      commands.openPaused(queued);
      ready();
      return;
    }
    let cancelled = false;
    queryClient
      .fetchQuery(songQuery(catalogue, songId))
      .then((song) => {
        if (cancelled) return;
        commands.openPaused(song);
        ready();
      })
      .catch(() => !cancelled && setStatus('missing'));
    return () => {
      cancelled = true;
    };
  }, [status, songId, params, catalogue, queryClient]);

  useEffect(() => {
    if (status === 'ready' && current && current.id !== songId) {
      void navigate(`/player/${encodeURIComponent(current.id)}`, { replace: true });
    }
  }, [status, current, songId, navigate]);

  const back = () => (fromShare.current ? navigate('/') : navigate(-1));

  if (status === 'missing') {
    return (
      <section className="grid min-h-dvh place-content-center gap-3 p-6 text-center">
        <h1 className="text-2xl font-bold">Song not found</h1>
        <Link to="/" className={accentButton('mx-auto px-5 py-2')}>
          Return to Home
        </Link>
      </section>
    );
  }
  // A shared link's song is usually known already (start-up fetched it): its cover shows at once.
  if (status === 'opening' || !current) return <PlayerSkeleton song={current?.id === songId ? current : queryClient.getQueryData(songQuery(catalogue, songId).queryKey)} />;
  return <PlayerScreen song={current} onBack={back} wide={wide} slots={slots} />;
}
