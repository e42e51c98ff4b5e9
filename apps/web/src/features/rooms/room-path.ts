/** A room's page (/room/{id}): open to anyone holding its link, even signed out on a private server. */
export const isRoomPath = (pathname: string): boolean => /^\/room\/[^/]+\/?$/.test(pathname);
