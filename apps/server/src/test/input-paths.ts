/**
 * Field paths of an input, for the bad-input tests: the top-level fields, and the fields of the first element of a
 * list of objects (`records.0.punch_time`), so that a wrong value reaches inside a batch too.
 */
export function fieldPaths(topLevel: readonly string[], valid: Record<string, unknown>): string[] {
  const nested = Object.entries(valid).flatMap(([name, value]) => {
    const first: unknown = Array.isArray(value) ? value[0] : undefined;
    if (!first || typeof first !== 'object' || Array.isArray(first)) return [];
    return Object.keys(first).map((inner) => `${name}.0.${inner}`);
  });
  return [...new Set([...topLevel, ...Object.keys(valid), ...nested])];
}

/** A copy of the input with the value at each path replaced (a path whose parent another change replaced is left). */
export function withValues(valid: Record<string, unknown>, changes: [string, unknown][]): Record<string, unknown> {
  const copy = structuredClone(valid);
  for (const [path, value] of changes) {
    const steps = path.split('.');
    let target: unknown = copy;
    for (const step of steps.slice(0, -1)) {
      target = target && typeof target === 'object' ? (target as Record<string, unknown>)[step] : undefined;
    }
    if (!target || typeof target !== 'object') continue;
    Object.defineProperty(target, steps.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}
