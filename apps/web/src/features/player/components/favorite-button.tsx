import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { signInToast } from '../../../shared/lib/toasts.js';
import { useFavoriteToggle, useIsFavorite } from '../../favorites/index.js';
import { useCurrentSong } from '../player-store.js';

/**
 * The favourite toggle of the current song (SPEC#states-favourite-toggle-player, favourites feature).
 * Signed out, SPEC#errors-favourites's prompt: the mini player says 'Sign in for favorites'
 * ('Click to sign in', 5 s); the player screen says 'Sign in to add to
 * favorites' (SPEC#states-favourite-toggle-player); both offer 'Sign in' to /profile.
 */
export function FavoriteButton({ variant, className = '' }: { variant: 'mini' | 'player'; className?: string }) {
  const navigate = useNavigate();
  const song = useCurrentSong();
  const toggle = useFavoriteToggle();
  const isFavorite = useIsFavorite(song?.id);
  const click = () => {
    if (toggle && song) return toggle(song.id);
    if (toggle) return;
    if (variant === 'mini') signInToast('Sign in for favorites', navigate, { description: 'Click to sign in' });
    else signInToast('Sign in to add to favorites', navigate);
  };
  return (
    <button
      type="button"
      onClick={click}
      aria-label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
      aria-pressed={isFavorite}
      className={`grid size-11 place-items-center rounded-full hover:bg-raised ${className}`}
    >
      <Heart className={`size-5 ${isFavorite ? 'fill-rose-500 text-rose-500' : ''}`} aria-hidden />
    </button>
  );
}
