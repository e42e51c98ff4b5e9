/**
 * Home's rows for a signed-in listener only, in a chunk of their own: a visitor's first
 * screen (no account) never loads them.
 */
export { FavoritesRow } from '../favorites/ui.js';
export { ContinueListening } from './continue-listening.js';
export { MostPlayedRow } from './most-played-row.js';
