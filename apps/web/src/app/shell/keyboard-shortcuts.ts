/** What a key press means to the app, if anything (pure, so it is tested without a page). */
export type Shortcut = 'toggle' | 'back10' | 'forward10' | 'search';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element's tag and role: typing and native controls keep their keys. */
  targetTag: string;
  targetRole: string | null;
  targetEditable: boolean;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Space activates these themselves; arrows move these. */
const OWN_SPACE = new Set(['BUTTON', 'A', 'SUMMARY']);
const OWN_ARROWS = new Set(['slider', 'tab', 'menuitem', 'option', 'radio', 'listbox', 'menu', 'combobox']);

/**
 * Space plays/pauses, the left and right arrows seek 10 s, `/` opens Search
 * with the box focused; never while typing, with a modifier held, or where
 * the focused control uses the key itself (a button's space, a slider's arrows).
 */
export function shortcutFor(e: KeyLike): Shortcut | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.targetEditable || TYPING.has(e.targetTag)) return null;
  switch (e.key) {
    case ' ':
      return OWN_SPACE.has(e.targetTag) || e.targetRole === 'button' ? null : 'toggle';
    case 'ArrowLeft':
      return e.targetRole && OWN_ARROWS.has(e.targetRole) ? null : 'back10';
    case 'ArrowRight':
      return e.targetRole && OWN_ARROWS.has(e.targetRole) ? null : 'forward10';
    case '/':
      return 'search';
    default:
      return null;
  }
}
