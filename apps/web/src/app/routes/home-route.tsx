import { HomeScreen } from '../../features/home/home-screen.js';
import { WithHomeSlots } from './home-slots.js';

/** Home (SPEC#home-top-bottom-shown). */
export function HomeRoute() {
  return (
    <WithHomeSlots>
      <HomeScreen />
    </WithHomeSlots>
  );
}
