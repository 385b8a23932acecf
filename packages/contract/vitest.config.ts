import { defineConfig } from 'vitest/config';

export default defineConfig({
  // FC_SEED for every property (QUALITY.md R12).
  test: { name: 'contract', include: ['src/**/*.test.ts'], setupFiles: ['../../scripts/fast-check-seed.mjs'] },
});
