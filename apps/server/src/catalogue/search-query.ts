import type { ExpandedWord } from './store/search.sql.js';

/**
 * Pure rules turning a listener's query into tsquery text (lexemes are
 * already normalised, so the text is cast with ::tsquery, not parsed again).
 * Every word must match (AND). Each word matches as a prefix ('batt' finds
 * 'battle') or as one of its look-alikes from the catalogue's word list
 * ('batle' finds 'battle', 'epik' finds 'epic').
 */

/** Longer queries are cut: nobody types more, and each word costs an index probe. */
export const MAX_QUERY_CHARS = 200;
export const MAX_QUERY_WORDS = 8;
export const ALTS_PER_WORD = 6;

/** NUL cannot be stored in PostgreSQL text; whitespace runs are one space. */
export const cleanQuery = (raw: string): string =>
  raw.replace(/\u0000/g, '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);

/** A quoted tsquery lexeme: quotes doubled and backslashes escaped, so no word is an operator. */
export const lexeme = (word: string): string => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** One-letter prefixes would match most of the catalogue; they must match whole. */
const asTyped = (word: string): string => (word.length >= 2 ? `${lexeme(word)}:*` : lexeme(word));

/** Every word as typed (prefix): the "exact" part of the ranking. */
export const strictQuery = (words: readonly ExpandedWord[]): string => words.map((w) => asTyped(w.word)).join(' & ');

/** Every word as typed or as a look-alike: what a result must match. */
export const widenedQuery = (words: readonly ExpandedWord[]): string =>
  words.map((w) => `(${[asTyped(w.word), ...w.alts.map(lexeme)].join(' | ')})`).join(' & ');
