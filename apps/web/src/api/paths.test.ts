import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The console's source, less its tests: every call goes through the client made from the call table. */
const SRC = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(SRC, 'api', 'api.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('the console', () => {
  it('writes no /api/ path outside the client made from the call table', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => file !== CLIENT)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => /['"`]\/api\/|}\/api\/|\/proxyserver\/api/i.test(line))
          .map(({ line, index }) => `${path.relative(SRC, file)}:${index + 1}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
