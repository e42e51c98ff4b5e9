/** A colour of `palette` chosen by a hash of `id`, so a genre or an artist keeps its colour. */
export const colourOf = (id: string, palette: readonly string[]): string =>
  palette[[...id].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7) % palette.length]!;
