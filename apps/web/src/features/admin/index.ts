/**
 * Administration: what the shell needs at start-up (whether to show the Admin
 * link). The Admin page itself is its own chunk (admin-page.tsx, loaded by the
 * router).
 */
export { useIsAdmin } from './use-is-admin.js';
export { setAdminApiForTests, type AdminApi } from './admin-api.js';
