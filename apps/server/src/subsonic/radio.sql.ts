import type { Queryable } from '../db/db.js';

export interface StationRow {
  id: string;
  name: string;
  stream_url: string;
  home_page_url: string | null;
}

export interface StationFields {
  name: string;
  streamUrl: string;
  homePageUrl: string | null;
}

/** The server's internet radio stations; SQL only. */
export const radioStore = (db: Queryable) => ({
  list(): Promise<StationRow[]> {
    return db.query<StationRow>(
      'select id, name, stream_url, home_page_url from subsonic_radio_stations order by lower(name), id',
    );
  },

  async byId(id: string): Promise<StationRow | null> {
    const [row] = await db.query<StationRow>('select id, name, stream_url, home_page_url from subsonic_radio_stations where id = $1', [id]);
    return row ?? null;
  },

  /** Adds a station while there are fewer than `max`: false when there are `max` already. */
  async create(id: string, s: StationFields, at: Date, max: number): Promise<boolean> {
    const rows = await db.query(
      `insert into subsonic_radio_stations (id, name, stream_url, home_page_url, created_at, changed_at)
       select $1, $2, $3, $4, $5, $5 where (select count(*) from subsonic_radio_stations) < $6
       returning id`,
      [id, s.name, s.streamUrl, s.homePageUrl, at, max],
    );
    return rows.length > 0;
  },

  async update(id: string, s: StationFields, at: Date): Promise<boolean> {
    const rows = await db.query(
      `update subsonic_radio_stations set name = $2, stream_url = $3, home_page_url = $4, changed_at = $5
        where id = $1 returning id`,
      [id, s.name, s.streamUrl, s.homePageUrl, at],
    );
    return rows.length > 0;
  },

  async remove(id: string): Promise<boolean> {
    const rows = await db.query('delete from subsonic_radio_stations where id = $1 returning id', [id]);
    return rows.length > 0;
  },
});
