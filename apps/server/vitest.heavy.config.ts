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
    // The servers the tests start inherit this: their load generators (R8's and R11's clients) send one
    // terminal's uploads without pause, far past a real terminal's 600 calls a minute, to test outages, not
    // rates; the per-terminal upload rate is tested in src/http/rate-limits.test.ts.
    env: { UPLOAD_RATE_LIMIT: '0' },
  },
});
