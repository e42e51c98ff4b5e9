/** Audio tiers in the order of `downloadUrl` (index 0..4), SPEC#entities-audio-quality-levels and catalogue-api.md §2.2. */
export const BITRATES_KBPS = [12, 48, 96, 160, 320] as const;
export type BitrateKbps = (typeof BITRATES_KBPS)[number];
/** The same tiers as the catalogue names them (`downloadUrl[i].quality`) and SPEC#entities-audio-quality-levels. */
export const DOWNLOAD_QUALITIES = ['12kbps', '48kbps', '96kbps', '160kbps', '320kbps'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];

/** Cover sizes in the order of `image` (index 0..2), catalogue-api.md §2.1. */
export const IMAGE_SIZES = [50, 150, 500] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
