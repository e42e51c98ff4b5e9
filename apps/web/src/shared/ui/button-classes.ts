/**
 * The look every accent (primary) button shares, as a <button> or a link: the
 * pill in the accent colour with bold white text. A button names only its
 * padding and text size (and any extra, such as its layout, a hover or the
 * disabled look).
 */
export const accentButton = (size: string) => `rounded-full bg-accent ${size} font-semibold text-white`;
