import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundRoute } from './not-found-route.js';
import { accentButton } from '../../shared/ui/button-classes.js';

/** A screen that failed to load (e.g. a chunk missing after an update) or a 404 response. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <main className="grid min-h-dvh place-content-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted">This screen could not be loaded. Check the connection and try again.</p>
      <div className="flex justify-center gap-2">
        <button type="button" onClick={() => window.location.reload()} className={accentButton('px-5 py-2')}>
          Reload
        </button>
        <Link to="/" reloadDocument className="rounded-full px-5 py-2 text-muted hover:text-white">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
