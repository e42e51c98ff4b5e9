import { Link } from 'react-router';

/** SPEC §2 "Not found". */
export function NotFoundRoute() {
  return (
    <section className="grid min-h-[60dvh] place-content-center gap-3 text-center">
      <h1 className="text-6xl font-extrabold">404</h1>
      <p className="text-lg text-muted">Oops! Page not found</p>
      <Link to="/" className="mx-auto rounded-full bg-accent px-5 py-2 font-semibold text-white">
        Return to Home
      </Link>
    </section>
  );
}
