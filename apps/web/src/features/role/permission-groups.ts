/** A catalogue entry as Role/Permissions answers it. */
export interface CatalogueEntry {
  key: string;
  name: string;
  group: string;
}

export interface PermissionGroup {
  title: string;
  entries: CatalogueEntry[];
}

/** The catalogue (in menu order) → its menu groups, each with its keys, in the same order. */
export function permissionGroups(catalogue: readonly CatalogueEntry[]): PermissionGroup[] {
  const groups: PermissionGroup[] = [];
  for (const entry of catalogue) {
    const last = groups[groups.length - 1];
    const group = last?.title === entry.group ? last : groups.find((g) => g.title === entry.group);
    if (group) group.entries.push(entry);
    else groups.push({ title: entry.group, entries: [entry] });
  }
  return groups;
}

/**
 * A group's box: ticking it gives every key of the group the caller may grant (the rest stay as they are);
 * unticking takes them all away.
 */
export function toggleGroup(
  value: readonly string[],
  group: PermissionGroup,
  on: boolean,
  grantable: (key: string) => boolean,
): string[] {
  const keys = group.entries.map((entry) => entry.key).filter(grantable);
  const rest = value.filter((key) => !keys.includes(key));
  return on ? [...rest, ...keys] : rest;
}

/** The keys in catalogue order (the order the server answers and the dialog shows). */
export function inCatalogueOrder(catalogue: readonly CatalogueEntry[], keys: readonly string[]): string[] {
  const held = new Set(keys);
  const known = catalogue.filter((entry) => held.delete(entry.key)).map((entry) => entry.key);
  return [...known, ...held];
}
