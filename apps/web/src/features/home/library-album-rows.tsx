import type { Album } from '@lyra/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { AlbumTile } from '../../shared/ui/album-tile.js';
import { HomeSection, HorizontalList } from './home-section.js';
import { homeAlbumsKey } from './home-queries.js';

/** How many albums a row shows; 'See all' opens the whole list in the same order. */
export const ALBUM_ROW_SIZE = 10;

/**
 * Album rows a personal library's Home offers after SPEC's rows, from the Library
 * lists (catalogue-api.md §6): the newest albums, the most played (those played at
 * least once), the played albums not played for the longest time, and today's random
 * pick (the same order as /library/albums?sort=random today).
 */
export const LIBRARY_ALBUM_ROWS = [
  { id: 'recently-added', title: 'Recently added', sort: 'recent', played: false },
  { id: 'most-played-albums', title: 'Most played albums', sort: 'plays', played: true },
  { id: 'rediscover', title: 'Rediscover', sort: 'rediscover', played: true },
  { id: 'random-albums', title: 'Random albums', sort: 'random', played: false },
] as const;

type RowSpec = (typeof LIBRARY_ALBUM_ROWS)[number];

function AlbumRow({ row }: { row: RowSpec }) {
  const c = useCatalogue();
  const { data } = useQuery({
    queryKey: homeAlbumsKey(c, row.sort),
    queryFn: ({ signal }) => c.get<{ results: Album[] }>(`/library/albums?sort=${row.sort}&limit=${ALBUM_ROW_SIZE}`, { signal }),
    staleTime: 60_000,
  });
  const albums = (data?.results ?? []).filter((a) => !row.played || (a.playCount ?? 0) > 0);
  if (albums.length === 0) return null;
  return (
    <HomeSection
      id={row.id}
      title={row.title}
      action={
        <Link to={`/library/albums?sort=${row.sort}`} className="text-sm font-medium text-muted hover:text-white" aria-label={`See all: ${row.title}`}>
          See all
        </Link>
      }
    >
      <HorizontalList>
        {albums.map((album) => (
          <li key={album.id} className="w-36 shrink-0 snap-start">
            <AlbumTile album={album} coverPx={144} />
          </li>
        ))}
      </HorizontalList>
    </HomeSection>
  );
}

/** The album rows, each left out when it has nothing to show. */
export function LibraryAlbumRows() {
  return (
    <>
      {LIBRARY_ALBUM_ROWS.map((row) => (
        <AlbumRow key={row.id} row={row} />
      ))}
    </>
  );
}
