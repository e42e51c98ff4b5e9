import type { Song } from '@lyra/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../shared/lib/toast.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { signInToast } from '../../shared/lib/toasts.js';
import { useSessionUser } from '../auth/index.js';
import { songVideoQuery } from '../video-mode/index.js';
import { requestVideo } from './video-request.js';

/**
 * The player's request-video-preview action (SPEC#player-full-screen-blurred: offered only when the
 * song has no video; shown but waiting while that is not known yet). Outcomes are SPEC#errors-video's toasts.
 */
export function useVideoRequestAction(song: Song | undefined): { visible: boolean; busy: boolean; request: () => void } {
  const user = useSessionUser();
  const navigate = useNavigate();
  const backend = useBackend();
  const [busy, setBusy] = useState(false);
  const { data, isPending } = useQuery(songVideoQuery(backend, song?.id ?? ''));

  const request = async () => {
    if (!user) return signInToast('Sign in for video previews', navigate);
    setBusy(true);
    try {
      const outcome = await requestVideo(await backend(), song);
      if (outcome.kind === 'queued') {
        toast.success('Song added to video queue! Video will be available in 5 days', {
          description: `${outcome.remaining} video request(s) remaining today`,
        });
      } else toast.error(outcome.message);
    } catch {
      toast.error('Failed to process video request');
    } finally {
      setBusy(false);
    }
  };

  // Most songs have no video: the button shows (waiting) until the answer comes, so the
  // player's row does not shift and its tooltip opens with the others at load.
  return { visible: Boolean(song) && data?.hasVideo !== true, busy: busy || isPending, request: () => void request() };
}
