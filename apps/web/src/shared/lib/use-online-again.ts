import { useEffect, useState } from 'react';

/** A number that grows each time the device comes back online: an effect that depends on it runs again then. */
export function useOnlineAgain(): number {
  const [times, setTimes] = useState(0);
  useEffect(() => {
    const onOnline = () => setTimes((n) => n + 1);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
  return times;
}
