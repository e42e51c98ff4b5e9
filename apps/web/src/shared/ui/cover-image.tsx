import { useState } from 'react';
import { DEFAULT_COVER } from '../lib/song-view.js';

/** A cover that falls back to the default logo when missing or broken (SPEC §9). */
export function CoverImage({
  src,
  alt = '',
  size,
  className = '',
  priority = false,
}: {
  src: string;
  alt?: string;
  size: number;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = failed === src ? DEFAULT_COVER : src;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(src)}
      className={`bg-raised object-cover ${className}`}
    />
  );
}
