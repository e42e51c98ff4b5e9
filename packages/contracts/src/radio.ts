/**
 * The web app's Radio screen: the server's internet radio stations (GET /api/radio, in the
 * catalogue's envelope, by name). Each one's live audio is relayed at /api/radio/{id}/stream.
 */
import { z } from 'zod';
import { success } from './catalogue-entities.js';

export const RadioStation = z.object({
  id: z.string(),
  name: z.string(),
  /** The station's own page (absolute), if it has one. */
  homePageUrl: z.string().nullable(),
});
export type RadioStation = z.infer<typeof RadioStation>;

export const RadioStationsResponse = success(z.array(RadioStation));
