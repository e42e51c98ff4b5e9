import type { Page } from 'playwright-core';
export const BEEP_SONG: { album: string; title: string; seconds: number };
export const GUEST_SONG: { title: string; seconds: number };
export function writeBeepAlbum(musicDir: string): string;
export const ROOM_TAP_SCRIPT: string;
export function readOnsets(page: Page, sinceMs?: number): Promise<number[]>;
export function syncErrors(hostOnsets: readonly number[], guestOnsets: readonly number[]): number[];
export function percentile(xs: readonly number[], p: number): number;
