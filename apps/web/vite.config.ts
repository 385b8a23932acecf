/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

// The contract package exposes its TypeScript sources under the 'source' condition.
const conditions = ['source', ...defaultClientConditions];

export default defineConfig({
  plugins: [react()],
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
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
