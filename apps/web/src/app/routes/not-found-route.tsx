import { Link } from 'react-router';
import { accentButton } from '../../shared/ui/button-classes.js';

/** The Not found page (SPEC#not-found). */
export function NotFoundRoute() {
  return (
    <section className="grid min-h-[60dvh] place-content-center gap-3 text-center">
      <h1 className="text-6xl font-extrabold">404</h1>
      <p className="text-lg text-muted">Oops! Page not found</p>
      <Link to="/" className={accentButton('mx-auto px-5 py-2')}>
        Return to Home
      </Link>
    </section>
  );
}
