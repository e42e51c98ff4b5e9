/** Collections: what other features may use (the category chosen in Search and Library). */
export { searchCategoryOf, useCategoryStore, type SearchCategory } from './category-store.js';
