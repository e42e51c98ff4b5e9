import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the app layer puts on Home from other features, so Home imports none of them: the Video Previews row
 * (which is built from Home's own section and tiles).
 */
export interface HomeSlots {
  /** The Video Previews row, first below the fold; `ready` once Home's rows have settled. */
  videoPreviews?: (props: { featuredSongId: string | null; ready: boolean }) => ReactNode;
}

export const HomeSlotsContext = createContext<HomeSlots>({});

export const useHomeSlots = (): HomeSlots => useContext(HomeSlotsContext);
