/** The Profile's parts for other screens. */
export { LoudnessSelect } from './loudness-select.js';
/** A QR code of a text (two-factor's key; a listening room's link). */
export { QrCode } from './qr-code.js';
