import { Spinner } from '../../shared/ui/spinner.js';
import { PublicLinkList } from './public-link-list.js';
import type { ShareLinksApi } from './share-links-api.js';
import { useAllShareLinks, useShareLinksApi } from './use-share-links.js';

/**
 * Admin › Users: 'Public links', every account's public links on the server (oldest first): what each holds,
 * who made it and when, its expiry, cap and visits, and its address, with 'Copy link', 'Change expiry' and
 * 'Revoke' (asked first), as in Profile's list. Shown on the Admin page only, which only administrators open;
 * the server refuses anyone else.
 */
export function ServerPublicLinks({ api: given }: { api?: ShareLinksApi }) {
  const api = useShareLinksApi(given);
  const links = useAllShareLinks(api);
  return (
    <section aria-labelledby="admin-public-links" className="mt-4 rounded-2xl bg-panel p-4">
      <h2 id="admin-public-links" className="text-lg font-semibold">
        Public links
      </h2>
      <p className="mt-1 text-sm text-muted">Every public link on this server, whoever made it. A revoked link stops working at once.</p>
      {links.isPending && <Spinner className="mt-4 size-5" label="Loading" />}
      {links.isError && <p className="mt-3 text-sm">{`Couldn't load the public links: ${links.error.message}`}</p>}
      {links.data &&
        (links.data.shares.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No public links on this server yet.</p>
        ) : (
          <PublicLinkList api={api} links={links.data.shares} withMaker />
        ))}
    </section>
  );
}
