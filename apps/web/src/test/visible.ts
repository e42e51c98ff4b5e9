/**
 * Whether the user can see `el`: it is in the document, and neither it nor
 * an ancestor is `hidden`, `display: none`, `visibility: hidden` or fully
 * transparent, nor inside a closed <details> (other than its
 * summary). `aria-hidden` does not count: it hides from assistive technology,
 * not from the eye. jsdom has no layout, so this is as far as a unit test can look.
 */
export function isVisible(el: Element): boolean {
  if (!el.isConnected) return false;
  for (let e: Element | null = el, child: Element | null = null; e; child = e, e = e.parentElement) {
    if (e.hasAttribute('hidden')) return false;
    const style = getComputedStyle(e);
    if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
    if (e instanceof HTMLDetailsElement && !e.open && child && child.tagName !== 'SUMMARY') return false;
  }
  return true;
}
