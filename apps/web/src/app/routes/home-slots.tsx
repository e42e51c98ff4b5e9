import type { ReactNode } from 'react';
import { HomeSlotsContext, type HomeSlots } from '../../features/home/home-slots.js';
import { VideoPreviewsRow } from '../../features/video-previews/ui.js';

const slots: HomeSlots = {
  videoPreviews: (props) => <VideoPreviewsRow {...props} />,
};

/** Home's parts from other features (the Video Previews row), for the Home route and the first screen. */
export function WithHomeSlots({ children }: { children: ReactNode }) {
  return <HomeSlotsContext.Provider value={slots}>{children}</HomeSlotsContext.Provider>;
}
