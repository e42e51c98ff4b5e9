/**
 * The web app manifest (installable: name, icons 192/512 + maskable, standalone;
 * screenshots for the richer install dialog, written by `npm run screenshots`).
 */
export const pwaManifest = {
  name: 'Lyra Music',
  short_name: 'Lyra',
  description: 'Free, ad-free music streaming from your own library.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  theme_color: '#0f0f14',
  background_color: '#0f0f14',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' as const },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' as const },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' as const },
  ],
  screenshots: [
    { src: '/screenshots/home-narrow.webp', sizes: '390x844', type: 'image/webp', form_factor: 'narrow' as const, label: 'Home: quick picks and albums' },
    { src: '/screenshots/album-wide.webp', sizes: '1440x900', type: 'image/webp', form_factor: 'wide' as const, label: 'An album, with the player bar' },
  ],
};
