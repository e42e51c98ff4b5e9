import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineCss } from './scripts/inline-css-plugin.js';
import { paintFirst } from './scripts/paint-first-plugin.js';
import { startupChunks } from './scripts/startup-chunks.js';
import { pwaManifest } from './src/app/pwa-manifest.js';

// The dev server proxies everything the built app gets from the Node server.
const backend = process.env.LYRA_SERVER ?? 'http://localhost:8080';
const proxied = ['/api', '/v1', '/media', '/images', '/rest', '/subsonic', '/config.json'];

// What a first visit runs, in a few files: React DOM, the app's start-up, then Home's rows
// or a shared player link's screen (main.tsx, the entry, stays as small as it is).
const startup = startupChunks(
  ['src/main.tsx'],
  [
    { name: 'react-dom', roots: ['node_modules/react-dom/client.js'] },
    { name: 'start', roots: ['src/boot.tsx'] },
    { name: 'home', roots: ['src/features/home/home-below-fold.tsx'] },
    { name: 'player', roots: ['src/app/routes/player-route.tsx'] },
  ],
);

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  plugins: [
    react(),
    tailwindcss(),
    startup.plugin,
    paintFirst(),
    inlineCss(),
    VitePWA({
      // SPEC#update-modal: a waiting version shows the Update modal; it is applied only on 'Update Now'.
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: pwaManifest,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // dist/ssr is the server's first-screen renderer, not part of the app; the
        // manifest's screenshots are for install dialogs, not needed offline.
        globIgnores: ['ssr/**', 'screenshots/**'],
        navigateFallback: '/index.html',
        // Server routes are never answered with the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/v1\//, /^\/media\//, /^\/images\//, /^\/rest\//, /^\/subsonic\//, /^\/config\.json/, /^\/(healthz|readyz)$/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Covers are immutable per URL: cache first. Audio (/media) is never
            // routed here, so Range requests always reach the network untouched.
            urlPattern: ({ url }) => url.pathname.startsWith('/images/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'covers',
              expiration: { maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'config', networkTimeoutSeconds: 3 },
          },
        ],
      },
    }),
  ],
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: Object.entries(startup.tests).map(([name, test], i, all) => ({ name, test, priority: all.length - i })),
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: true }])),
  },
});
