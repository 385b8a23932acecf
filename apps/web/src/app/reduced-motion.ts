/**
 * Whether the person asked their system for less motion (an accessibility setting). antd's own CSS only drops
 * some animations then; the console turns its motion off altogether, so dialogs and menus appear at once.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
