/**
 * The organisations on a materialised subtree path (`/1/5/12/`, DOMAIN.md, Scope): the root first, the
 * organisation itself last. A round counts a punch only from a device under the round's organisation, so the
 * rounds a device's punches may check belong to these.
 */
export function holdIdsOnPath(path: string): number[] {
  return path
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}
