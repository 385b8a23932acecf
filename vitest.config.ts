import { defineConfig } from 'vitest/config';

/** Every unit and API suite; `npm test` also runs the server project again on PostgreSQL. */
export default defineConfig({
  test: { projects: ['packages/contract', 'packages/client', 'apps/server', 'apps/web', 'apps/guard'] },
});
