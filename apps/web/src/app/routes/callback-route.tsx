import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * SPEC §2 Callback: 'Logging in...'; without userId and secret the listener
 * goes to /profile. Creating the session from them belongs to sign-in.
 */
export function CallbackRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = Boolean(params.get('userId') && params.get('secret'));
  useEffect(() => {
    if (!complete) navigate('/profile', { replace: true });
  }, [complete, navigate]);
  return <p className="p-6 text-center text-muted">Logging in...</p>;
}
