import { HomeSongRows } from '../../features/home/home-song-rows.js';

const greeting = (hour: number) => (hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening');

/** Home (SPEC §2). For now: the greeting and the server's song rows, each playable. */
export function HomeRoute() {
  return (
    <>
      <h1 className="px-2 pt-2 pb-3 text-2xl font-bold">{greeting(new Date().getHours())}</h1>
      <HomeSongRows />
    </>
  );
}
