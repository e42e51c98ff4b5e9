import { Fragment } from 'react';
import { Link } from 'react-router';
import type { NamedLink } from '../lib/entity-links.js';

const NAME_LINK = 'relative z-[1] hover:text-white hover:underline';

/**
 * Names separated by ", ", each with a page a link to it, the rest plain text. The links sit
 * above a row's whole-row button (STRETCHED_BUTTON), so a tap on a name opens its page and a
 * tap anywhere else on the row plays. `plain` draws plain anchors, for a long list that follows
 * its links with one handler of its own (the same address, no router link per name).
 */
export function NameLinks({ links, plain = false }: { links: readonly NamedLink[]; plain?: boolean }) {
  return (
    <>
      {links.map((l, i) => (
        <Fragment key={i}>
          {i > 0 ? ', ' : null}
          {l.to && plain ? (
            <a href={l.to} className={NAME_LINK}>
              {l.name}
            </a>
          ) : l.to ? (
            <Link to={l.to} className={NAME_LINK}>
              {l.name}
            </Link>
          ) : (
            l.name
          )}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A row's main button whose tap area is the whole row (the row is `relative`): what the row
 * holds besides it (cover, names) is drawn under its overlay, and links and buttons above it.
 */
export const STRETCHED_BUTTON =
  "text-left after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent";
