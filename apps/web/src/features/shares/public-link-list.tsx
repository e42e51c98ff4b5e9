import { linkSubjects } from './link-subjects.js';
import { PublicLinkRow } from './public-link-row.js';
import type { ShareLink, ShareLinksApi } from './share-links-api.js';
import { useChangeExpiry } from './use-change-expiry.js';
import { useRevokeLink } from './use-revoke-link.js';

/**
 * A list of public links (Profile's own, Admin's every account's with `withMaker`), each with 'Copy link',
 * 'Change expiry' and 'Revoke' (asked first), with their toasts; each button's name tells its link from the others.
 */
export function PublicLinkList({ api, links, withMaker = false }: { api: ShareLinksApi; links: readonly ShareLink[]; withMaker?: boolean }) {
  const { revoke, revoking } = useRevokeLink(api);
  const { changeExpiry, changing } = useChangeExpiry(api);
  const subjects = linkSubjects(links, withMaker);
  return (
    <ul className="mt-2" aria-label="Public links">
      {links.map((s) => (
        <PublicLinkRow
          key={s.id}
          link={s}
          subject={subjects.get(s.id)!}
          withMaker={withMaker}
          busy={revoking(s.id) || changing(s.id)}
          onRevoke={() => revoke(s.id)}
          onChangeExpiry={(expires, done) => changeExpiry(s.id, expires, done)}
        />
      ))}
    </ul>
  );
}
