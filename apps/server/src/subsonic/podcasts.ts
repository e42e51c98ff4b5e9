import type { Methods } from './call.js';
import { CODE, SubsonicError } from './errors.js';

/** The podcast methods of the protocol: Lyra keeps no podcasts. */
export const PODCAST_METHODS = [
  'getPodcasts',
  'getNewestPodcasts',
  'getPodcastEpisode',
  'refreshPodcasts',
  'createPodcastChannel',
  'deletePodcastChannel',
  'deletePodcastEpisode',
  'downloadPodcastEpisode',
] as const;

/**
 * Each podcast method answers error 0 saying podcasts are not supported, rather than
 * "Unknown method" (70, which reads as a missing item): an app shows the reason.
 */
export const podcastMethods: Methods = Object.fromEntries(
  PODCAST_METHODS.map((name) => [
    name,
    () => {
      throw new SubsonicError(CODE.generic, 'Podcasts are not supported by this server');
    },
  ]),
);
