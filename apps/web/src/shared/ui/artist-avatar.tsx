import { useState } from 'react';
import { colourOf } from '../lib/colour-of.js';
import { imageLoading } from './image-loading.js';

/** Up to two initials of a name: "Mira Solen" → "MS". */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase() || '?';

const AVATAR_COLOURS = ['bg-rose-800', 'bg-orange-800', 'bg-amber-800', 'bg-emerald-800', 'bg-teal-800', 'bg-sky-800', 'bg-indigo-800', 'bg-violet-800', 'bg-fuchsia-800'];

/**
 * An artist's round picture. Their initials on a colour of their own show until the picture has
 * loaded (the server may still be drawing it), and stay when there is none or it fails: never
 * an empty circle. `priority` fetches it at once (the picture a page opens with).
 */
export function ArtistAvatar({
  id,
  name,
  src,
  size,
  className = '',
  priority = false,
}: {
  id: string;
  name: string;
  src: string | null;
  size: number;
  className?: string;
  priority?: boolean;
}) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src !== null && loaded === src;
  return (
    <span
      className={`relative grid shrink-0 place-items-center overflow-hidden rounded-full font-semibold text-white ${colourOf(id, AVATAR_COLOURS)} ${className}`}
      data-picture={shown ? 'loaded' : 'initials'}
    >
      {/* Drawn by CSS, so the initials are not part of the text around them (a link's or button's name). */}
      <span aria-hidden data-initials={initials(name)} className="before:content-[attr(data-initials)]" />
      {src !== null && failed !== src ? (
        <img
          // A picture the browser had already (loaded before this page's script ran) says so at once.
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0 && loaded !== src) setLoaded(src);
          }}
          src={src}
          alt=""
          width={size}
          height={size}
          {...imageLoading(priority)}
          onLoad={() => setLoaded(src)}
          onError={() => setFailed(src)}
          className={`absolute inset-0 size-full object-cover transition-opacity duration-200 ${shown ? 'opacity-100' : 'opacity-0'}`}
        />
      ) : null}
    </span>
  );
}
