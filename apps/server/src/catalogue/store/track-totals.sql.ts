/** What the tracks of an album or a playlist add up to. */
export interface TrackTotalsRow {
  song_count: number;
  play_count: number;
  explicit: boolean;
}

/** The columns TRACK_TOTALS adds to a select list. */
export const TRACK_TOTALS_COLUMNS = 's.song_count, s.play_count, s.explicit';

/** A join that counts the tracks `from` names (with `t` for tracks), their plays, and whether any is explicit, as `s`. */
export const TRACK_TOTALS = (from: string): string =>
  `cross join lateral (
         select count(*)::int as song_count, coalesce(sum(t.play_count), 0)::int as play_count,
                coalesce(bool_or(t.explicit), false) as explicit
           from ${from}) s`;
