/** A share link's page (/share/{id}): open to anyone holding the link, even on a private server. */
export const isSharePath = (pathname: string): boolean => /^\/share\/[^/]+\/?$/.test(pathname);
