import { PLAYER } from '@lyra/player-core/constants';
import { useEffect, useState } from 'react';

/**
 * navigator.onLine, from the online/offline events and a 5 s re-check
 * (SPEC#limits-player "online check interval 5 s") for browsers that miss an event.
 */
export function useOnlineStatus(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const timer = setInterval(update, PLAYER.ONLINE_CHECK_MS);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      clearInterval(timer);
    };
  }, []);
  return online;
}
