import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The heavy reliability tests (QUALITY.md R7, R8, scale-out): real server processes on a throwaway PostgreSQL
 * cluster, run by `npm run test:heavy` only, one file at a time (they start processes and kill them).
 */
export default defineConfig({
  // Run from the repository root too (`npx vitest run -c apps/server/vitest.heavy.config.ts`).
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'heavy',
    environment: 'node',
    include: ['heavy/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
