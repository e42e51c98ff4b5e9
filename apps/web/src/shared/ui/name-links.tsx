import { Fragment } from 'react';
import { Link } from 'react-router';
import type { NamedLink } from '../lib/entity-links.js';

/**
 * Names separated by ", ", each with a page a link to it, the rest plain text. The links sit
 * above a row's whole-row button (STRETCHED_BUTTON), so a tap on a name opens its page and a
 * tap anywhere else on the row plays.
 */
export function NameLinks({ links }: { links: readonly NamedLink[] }) {
  return (
    <>
      {links.map((l, i) => (
        <Fragment key={i}>
          {i > 0 ? ', ' : null}
          {l.to ? (
            <Link to={l.to} className="relative z-[1] hover:text-white hover:underline">
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
