import { PublicLinkList } from './public-link-list.js';
import type { ShareLinksApi } from './share-links-api.js';
import { useShareLinks, useShareLinksApi } from './use-share-links.js';

/**
 * Profile, signed in: 'Public links', the listener's share links (what each holds, when it expires, its
 * quality cap, how often it was opened), each with 'Copy link', 'Change expiry' and 'Revoke' (asked first). Not shown to a
 * listener who may not make links and has none.
 */
export function PublicLinksSection({ api: given }: { api?: ShareLinksApi }) {
  const api = useShareLinksApi(given);
  const links = useShareLinks(api);
  if (!links.data || (!links.data.mayShare && links.data.shares.length === 0)) return null;
  return (
    <section aria-labelledby="public-links" className="mt-8 rounded-2xl bg-panel p-4">
      <h2 id="public-links" className="text-lg font-semibold">
        Public links
      </h2>
      <p className="mt-1 text-sm text-muted">Links anyone can open to play what you shared, even without an account. Make one from a song's menu, or on an album's or your playlist's screen.</p>
      {links.data.shares.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No public links yet.</p>
      ) : (
        <PublicLinkList api={api} links={links.data.shares} />
      )}
    </section>
  );
}
