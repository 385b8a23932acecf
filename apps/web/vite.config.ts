/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

// The contract package exposes its TypeScript sources under the 'source' condition.
const conditions = ['source', ...defaultClientConditions];

/**
 * Writes `.br` and `.gz` beside every text file of the build, which the server sends to browsers that accept them
 * (@fastify/static `preCompressed`): a third of the bytes on the wire before the login screen paints (QUALITY.md P7).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'guard-tour:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const name of files.filter((file) => /\.(html|js|css|svg|json)$/.test(file))) {
        const file = path.join(outDir, name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: { conditions },
  server: {
    proxy: {
      '/proxyserver': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/proxyserver': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        // ECharts only behind the dashboard's lazy route, in two chunks of < 150 KiB gzip each (QUALITY.md P7); React
        // in one chunk of its own. antd is left to the splitter: each screen's chunk brings the components it uses
        // and shared ones go to shared chunks, so the login screen loads only its own (initial JS ≤ 350 KiB gzip).
        codeSplitting: {
          groups: [
            { name: 'zrender', test: /node_modules[\\/]zrender[\\/]/, priority: 6 },
            { name: 'echarts', test: /node_modules[\\/](echarts|echarts-for-react|size-sensor)[\\/]/, priority: 5 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // The second sets FC_SEED for every fast-check property (QUALITY.md R12).
    setupFiles: ['src/test/setup.ts', '../../scripts/fast-check-seed.mjs'],
    // jsdom renders antd slowly on a busy 2-core machine (the whole suite runs its three projects at once): a screen
    // test near Vitest's 5 s default fails by the machine's load, not by the code.
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
