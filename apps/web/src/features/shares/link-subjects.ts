import { day } from './public-link-options.js';
import type { ShareLink } from './share-links-api.js';

/** What a link holds, as the lists name it. */
export const nameOf = (link: ShareLink): string => link.what.name || 'Removed from the library';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

interface Named {
  link: ShareLink;
  subject: string;
}

/**
 * How each link of a list is named to assistive technology ('Revoke {subject}'), one name per link: 'the link to
 * {name}', and, only where two links would share it, who made it (Admin's list, `withMaker`), then the day it
 * was made, then the time; links alike in all of these are numbered ('(2 of 3)').
 */
export function linkSubjects(links: readonly ShareLink[], withMaker = false): Map<string, string> {
  const details: ((link: ShareLink) => string)[] = [
    ...(withMaker ? [(l: ShareLink) => ` by ${l.owner || 'a removed account'}`] : []),
    (l) => ` made ${day(l.created)}`,
    (l) => ` at ${time(l.created)}`,
  ];
  const subjects = new Map<string, string>();
  const settle = (named: Named[], step: number) => {
    const alike = new Map<string, Named[]>();
    for (const n of named) alike.set(n.subject, [...(alike.get(n.subject) ?? []), n]);
    for (const [subject, same] of alike) {
      if (same.length === 1) subjects.set(same[0]!.link.id, subject);
      else if (step < details.length) settle(same.map((n) => ({ link: n.link, subject: n.subject + details[step]!(n.link) })), step + 1);
      else same.forEach((n, i) => subjects.set(n.link.id, `${subject} (${i + 1} of ${same.length})`));
    }
  };
  settle(links.map((link) => ({ link, subject: `the link to ${nameOf(link)}` })), 0);
  return subjects;
}
