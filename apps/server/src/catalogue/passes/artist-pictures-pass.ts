import type { Queryable } from '../../db/db.js';
import type { Logger } from '../../log.js';
import { generatedArtistPictureId } from '../media/generated-artist-picture.js';
import { selectArtistsNeedingPicture } from '../store/artist-pictures.sql.js';
import type { LibraryPass } from './pass-runner.js';

/** The sides the web shows an artist's picture at: Library's Artists and credits (150), the artist page and search (500). */
export const ARTIST_PICTURE_SIDES = [150, 500] as const;
/** Artists read per query. */
const PAGE = 100;
/** Pictures drawn per batch, and at most per round (the rest the next round: after the next scan, or the runner's recheck). */
const PER_BATCH = 16;
const PER_ROUND = 2_000;

export interface ArtistPictureDrawer {
  /** Draws the sides not on disk yet; how many it made (image-store.ts). */
  drawArtistPicture(artistId: string, name: string, sides: readonly number[]): Promise<number>;
}

/** Lets requests waiting on the event loop (and on sharp's threads) go first. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Draws the pictures of artists with no album cover of their own (generated-artist-picture.ts)
 * ahead of their first request, so the first visit to Library's Artists does not wait for sharp to
 * draw dozens of them. Runs with the other passes after each scan (pass-runner.ts): one picture at a
 * time, yielding between them, in the list's order by name (its first screen first), at most
 * PER_ROUND a round. A picture not drawn yet is still drawn on its first request, as before.
 */
export function artistPicturesPass(opts: { db: Queryable; log: Logger; images: ArtistPictureDrawer; perRound?: number }): LibraryPass {
  const perRound = opts.perRound ?? PER_ROUND;
  /** Where the walk through the list is: a round that stopped at the bound goes on from there. */
  let after: { normName: string; id: string } | null = null;
  let reachedEnd = false;
  let drawnThisRound = 0;
  /** Pictures known to be on disk (their ids name the artist's name too), not looked for again. */
  const drawn = new Set<string>();

  return {
    name: 'artist pictures',
    async batch(signal) {
      let made = 0;
      while (!reachedEnd && made < PER_BATCH && drawnThisRound + made < perRound && !signal.aborted) {
        const rows = await selectArtistsNeedingPicture(opts.db, after, PAGE);
        if (rows.length === 0) {
          reachedEnd = true;
          after = null;
          break;
        }
        for (const row of rows) {
          if (made >= PER_BATCH || drawnThisRound + made >= perRound || signal.aborted) break;
          after = { normName: row.norm_name, id: row.id };
          const id = generatedArtistPictureId(row.id, row.name);
          if (drawn.has(id)) continue;
          try {
            if ((await opts.images.drawArtistPicture(row.id, row.name, ARTIST_PICTURE_SIDES)) > 0) made++;
          } catch (e) {
            // One picture that cannot be drawn does not hold up the others; its request answers for it.
            opts.log.warn('artist picture not drawn ahead', { artistId: row.id, error: e });
          }
          drawn.add(id);
          await yieldToRequests();
        }
        if (rows.length < PAGE && after?.id === rows[rows.length - 1]!.id) {
          reachedEnd = true;
          after = null;
        }
      }
      drawnThisRound += made;
      return made;
    },
    async finish() {
      reachedEnd = false;
      drawnThisRound = 0;
    },
  };
}
