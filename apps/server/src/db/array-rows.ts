/**
 * A reader of a statement's rows read as arrays (`queryArrays`) into objects with these keys, in the statement's
 * column order: the `numeric` ones (bigint ids, and floats the drivers hand back as text) as numbers, null kept.
 *
 * Compiled once into a function that writes one object literal, so every row is made at once in one shape. Assigning
 * the keys one by one to `{}` took ten times as long (7 µs against 0.7 µs for a page of 20 punch rows, alone; 27 µs
 * of P3's request in a profile under its load, issue 36).
 */
export function arrayRowReader<T>(
  keys: readonly (keyof T & string)[],
  numeric: ReadonlySet<keyof T & string>,
): (values: unknown[]) => T {
  const fields = keys.map((key, i) => {
    const value = `values[${i}]`;
    return `${JSON.stringify(key)}: ${numeric.has(key) ? `${value} === null ? null : Number(${value})` : value}`;
  });
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => T;
}
