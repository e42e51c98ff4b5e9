import { useState } from 'react';
import { DEFAULT_COVER } from '../lib/song-view.js';
import { useScrollPaceKept, useScrollSettled } from '../lib/window-scroll-pace.js';
import { imageLoading } from './image-loading.js';

/**
 * A cover that falls back to the default logo when missing or broken (SPEC#limits-default-logo-image).
 * `waitWhileFast` (a long list's rows): while the page scrolls fast it is an empty square of the
 * cover's size, and the picture is asked for once the scroll slows down (window-scroll-pace.ts);
 * once shown it stays.
 */
export function CoverImage({
  src,
  alt = '',
  size,
  className = '',
  priority = false,
  waitWhileFast = false,
}: {
  src: string;
  alt?: string;
  size: number;
  className?: string;
  priority?: boolean;
  waitWhileFast?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const [waited, setWaited] = useState(!waitWhileFast);
  const settled = useScrollSettled(!waited);
  useScrollPaceKept(waitWhileFast);
  if (!waited && settled) setWaited(true);
  const url = failed === src ? DEFAULT_COVER : src;
  if (!waited && !settled) return <span aria-hidden className={`block bg-raised ${className}`} />;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      {...imageLoading(priority)}
      onError={() => setFailed(src)}
      className={`bg-raised object-cover ${className}`}
    />
  );
}
