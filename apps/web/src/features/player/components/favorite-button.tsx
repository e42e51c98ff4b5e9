import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { readStoredUser } from '../../../shared/lib/stored-user.js';
import { signInToast } from '../../../shared/lib/toasts.js';

/**
 * The favourite toggle. Signed out, SPEC §8's prompt: the mini player says
 * 'Sign in for favorites' ('Click to sign in', 5 s); the player screen says
 * 'Sign in to add to favorites' (SPEC §4); both offer 'Sign in' to /profile.
 * Signed-in favourites plug in here (`onToggle`, `isFavorite`).
 */
export function FavoriteButton({
  variant,
  isFavorite = false,
  onToggle,
  className = '',
}: {
  variant: 'mini' | 'player';
  isFavorite?: boolean;
  onToggle?: () => void;
  className?: string;
}) {
  const navigate = useNavigate();
  const click = () => {
    if (onToggle && readStoredUser()) return onToggle();
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
