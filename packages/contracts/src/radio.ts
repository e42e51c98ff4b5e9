/**
 * The web app's Radio screen: the server's internet radio stations (GET /api/radio, in the
 * catalogue's envelope, by name). Each one's live audio is relayed at /api/radio/{id}/stream, and its
 * cover is at /api/radio/{id}/cover/{key}/{50|150|500}.jpg.
 */
import { z } from 'zod';
import { success } from './catalogue-entities.js';

export const RadioStation = z.object({
  id: z.string(),
  name: z.string(),
  /** The station's own page (absolute), if it has one. */
  homePageUrl: z.string().nullable(),
  /** Its cover, generated from its name like an album's without art (absolute, 500 px); a new name, a new address. */
  image: z.string(),
});
export type RadioStation = z.infer<typeof RadioStation>;

export const RadioStationsResponse = success(z.array(RadioStation));
