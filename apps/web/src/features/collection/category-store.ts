import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The list category the app is in (SPEC#home-top-bottom-shown, SPEC#library-title-your-library, SPEC#states-search): Search's tabs set it, a Home
 * playlist sets 'playlists' (and stores its url), Library sets 'userPlaylists'
 * before opening /playlist/{id}, and the list screen reads it to know which
 * kind of playlist an id names. Kept for the tab (sessionStorage), so a reload
 * of /playlist/{id} still knows.
 */
export const CATEGORIES = ['songs', 'albums', 'playlists', 'artists', 'userPlaylists'] as const;
export type Category = (typeof CATEGORIES)[number];
/** The categories Search has tabs for. */
export type SearchCategory = Exclude<Category, 'userPlaylists'>;

interface CategoryState {
  category: Category;
  /** The url of the catalogue playlist last opened from Home. */
  playlistUrl: string | null;
  setCategory(category: Category): void;
  /** SPEC#home-top-bottom-shown: tapping a Home playlist sets the category to playlists and stores its url. */
  openCataloguePlaylist(url: string): void;
}

export const useCategoryStore = create<CategoryState>()(
  persist(
    (set) => ({
      category: 'songs',
      playlistUrl: null,
      setCategory: (category) => set({ category }),
      openCataloguePlaylist: (url) => set({ category: 'playlists', playlistUrl: url }),
    }),
    {
      name: 'category',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ category: s.category, playlistUrl: s.playlistUrl }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<CategoryState>;
        return {
          ...current,
          category: CATEGORIES.includes(p.category as Category) ? (p.category as Category) : current.category,
          playlistUrl: typeof p.playlistUrl === 'string' ? p.playlistUrl : null,
        };
      },
    },
  ),
);

/** SPEC#states-search: Search shows the songs tab when the category is userPlaylists. */
export const searchCategoryOf = (category: Category): SearchCategory => (category === 'userPlaylists' ? 'songs' : category);
