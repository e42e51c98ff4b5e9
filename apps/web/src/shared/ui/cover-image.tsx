import { useState } from 'react';
import { DEFAULT_COVER } from '../lib/song-view.js';
import { imageLoading } from './image-loading.js';

/** A cover that falls back to the default logo when missing or broken (SPEC#limits-default-logo-image). */
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
      {...imageLoading(priority)}
      onError={() => setFailed(src)}
      className={`bg-raised object-cover ${className}`}
    />
  );
}
