/** Profile (SPEC §2), signed-out heading; sign-in and preferences come with the account screens. */
export function ProfileRoute() {
  return (
    <section className="px-2">
      <h1 className="pt-4 text-2xl font-bold">Your Music, Your Favorites, Your Way!</h1>
    </section>
  );
}
