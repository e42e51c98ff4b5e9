import { HomeScreen } from '../../features/home/home-screen.js';

/** Home (SPEC §2). */
export function HomeRoute() {
  return <HomeScreen />;
}
