/**
 * An approximation in JS of the database's catalogue_norm() = lower(unaccent()),
 * for comparisons made outside SQL (e.g. "is this name exactly the query").
 */
export const catalogueNorm = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
