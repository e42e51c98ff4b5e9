/** The web app manifest (installable: name, icons 192/512 + maskable, standalone). */
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
};
