/** Public share links: the addresses the app shell lets through without signing in. */
export { isSharePath } from './share-path.js';
/** Public links: 'Make a public link' (albums, playlists, song menus, the player's More options) and Profile's 'Public links'. */
export { PublicLinkButton, useMayShare } from './public-link-button.js';
export { PublicLinkDialog, type Shareable } from './public-link-dialog.js';
export { PublicLinkMenuItem, usePublicLinkMaker } from './public-link-menu.js';
export { PublicLinksSection } from './public-links-section.js';
/** Admin's 'Public links': every account's links, for an administrator to change or revoke. */
export { ServerPublicLinks } from './server-public-links.js';
