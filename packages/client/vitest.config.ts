import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The contract's TypeScript sources, as the console's tests read them.
  resolve: { conditions: ['source'] },
  test: {
    name: 'client',
    // The browser's connection reads localStorage, sessionStorage and window.
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    // FC_SEED for every property (QUALITY.md R12).
    setupFiles: ['../../scripts/fast-check-seed.mjs'],
  },
});
