/** Library (SPEC §2): title now; playlists and favourites come with sign-in. */
export function LibraryRoute() {
  return (
    <section className="px-2">
      <h1 className="pt-2 text-2xl font-bold">Your Library</h1>
      <p className="mt-2 text-muted">Sign in to keep favourites and playlists.</p>
    </section>
  );
}
