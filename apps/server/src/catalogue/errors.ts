/**
 * Domain errors of the catalogue. Services throw them with the exact message
 * the reference API uses (catalogue-api.md §1.2); the HTTP edge maps them to
 * `{success:false, message}` with the status.
 */
export class CatalogueError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export const notFound = (message: string) => new CatalogueError(404, message);
export const badRequest = (message: string) => new CatalogueError(400, message);
