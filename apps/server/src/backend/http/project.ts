import type { MiddlewareHandler } from 'hono';
import { AppwriteError } from './errors.js';

export const projectNotFound = () =>
  new AppwriteError(404, 'project_not_found', 'Project with the requested ID could not be found.');

/**
 * The project comes from the `project` parameter first, then
 * `X-Appwrite-Project` (backend-api.md §1). This server hosts one project
 * (APPWRITE_PROJECT_ID); naming another is 404 project_not_found. Naming none
 * is accepted, as Appwrite falls back to a default project.
 */
export function projectMiddleware(projectId: string): MiddlewareHandler {
  return async (c, next) => {
    const named = c.req.query('project') || c.req.header('x-appwrite-project') || '';
    if (named !== '' && named !== projectId) throw projectNotFound();
    await next();
  };
}
