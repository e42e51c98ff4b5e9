import { createBrowserRouter } from 'react-router';
import { BootFallback } from './routes/boot-fallback.js';
import { HomeRoute } from './routes/home-route.js';
import { NotFoundRoute } from './routes/not-found-route.js';
import { RouteError } from './routes/route-error.js';
import { AppShell } from './shell/app-shell.js';

/**
 * SPEC#screens-routes. Home and 404 are in the first bundle; every other screen
 * is its own chunk, loaded on first visit (the player pulls in Radix there).
 */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createRouter(): AppRouter {
  return createBrowserRouter([
    {
      path: '/',
      Component: AppShell,
      ErrorBoundary: RouteError,
      HydrateFallback: BootFallback,
      children: [
        { index: true, Component: HomeRoute },
        { path: 'search', lazy: async () => ({ Component: (await import('./routes/search-route.js')).SearchRoute }) },
        { path: 'library', lazy: async () => ({ Component: (await import('./routes/library-route.js')).LibraryRoute }) },
        { path: 'library/albums', lazy: async () => ({ Component: (await import('./routes/library-browse-route.js')).LibraryAlbumsRoute }) },
        { path: 'library/artists', lazy: async () => ({ Component: (await import('./routes/library-browse-route.js')).LibraryArtistsRoute }) },
        { path: 'library/songs', lazy: async () => ({ Component: (await import('./routes/library-browse-route.js')).LibrarySongsRoute }) },
        { path: 'library/genres', lazy: async () => ({ Component: (await import('./routes/library-browse-route.js')).LibraryGenresRoute }) },
        { path: 'library/genres/:name', lazy: async () => ({ Component: (await import('./routes/library-browse-route.js')).LibraryGenreRoute }) },
        { path: 'profile', lazy: async () => ({ Component: (await import('./routes/profile-route.js')).ProfileRoute }) },
        { path: 'favorites', lazy: async () => ({ Component: (await import('./routes/favorites-route.js')).FavoritesRoute }) },
        { path: 'radio', lazy: async () => ({ Component: (await import('../features/radio/ui.js')).RadioScreen }) },
        { path: 'player/:songId', lazy: async () => ({ Component: (await import('./routes/player-route.js')).PlayerRoute }) },
        { path: 'album/:id', lazy: async () => ({ Component: (await import('./routes/collection-route.js')).AlbumRoute }) },
        { path: 'playlist/:id', lazy: async () => ({ Component: (await import('./routes/collection-route.js')).PlaylistRoute }) },
        { path: 'artist/:id', lazy: async () => ({ Component: (await import('./routes/collection-route.js')).ArtistRoute }) },
        { path: 'share/:id', lazy: async () => ({ Component: (await import('../features/shares/ui.js')).ShareScreen }) },
        { path: 'room/:id', lazy: async () => ({ Component: (await import('../features/rooms/ui.js')).RoomScreen }) },
        { path: 'callback', lazy: async () => ({ Component: (await import('./routes/callback-route.js')).CallbackRoute }) },
        { path: 'recovery', lazy: async () => ({ Component: (await import('../features/auth/mail-link-screens.js')).RecoveryScreen }) },
        { path: 'verify', lazy: async () => ({ Component: (await import('../features/auth/mail-link-screens.js')).VerifyScreen }) },
        { path: 'join', lazy: async () => ({ Component: (await import('../features/auth/mail-link-screens.js')).JoinScreen }) },
        { path: 'admin', lazy: async () => ({ Component: (await import('./routes/admin-route.js')).AdminRoute }) },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}
