/** Favorites (SPEC §2): nothing renders when not signed in. */
export function FavoritesRoute() {
  return <h1 className="sr-only">Favorites</h1>;
}
