import { Link } from 'react-router';
import type { NamePiece } from '../song-links.js';

/**
 * A line of names (song-links.ts): each one with a page is a link to it, the
 * rest plain text. Links stay clickable over a row that is itself a link
 * stretched under them (the mini player, the player bar).
 */
export function SongNames({ pieces, linkClass = '' }: { pieces: readonly NamePiece[]; linkClass?: string }) {
  return (
    <>
      {pieces.map((p, i) =>
        p.to ? (
          <Link key={i} to={p.to} className={`pointer-events-auto hover:underline ${linkClass}`}>
            {p.text}
          </Link>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
