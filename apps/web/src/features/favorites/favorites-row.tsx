/** Home's signed-in Favorites row (SPEC §2); filled in with sign-in. */
export function FavoritesRow() {
  return null;
}
