import { AdminPage } from '../../features/admin/admin-page.js';
import { ServerPublicLinks } from '../../features/shares/index.js';

/** SPEC#admin-server-s-administrators, with every account's public links (the shares feature's) after the users. */
export function AdminRoute() {
  return <AdminPage publicLinks={<ServerPublicLinks />} />;
}
