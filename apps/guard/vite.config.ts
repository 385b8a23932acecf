/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The contract and the client package expose their TypeScript sources under the 'source' condition.
const conditions = ['source', ...defaultClientConditions];
const BASE = '/m/';

/**
 * 巡检助手, served by the server at /m/ (GUARD-APP.md): its own bundle, never loaded by the console. The service
 * worker (/m/sw.js, scope /m/) caches the whole shell, so the app opens with no network; every /m/… address
 * opens index.html (a label's /m/p/<卡号>).
 */
export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    VitePWA({
      base: BASE,
      scope: BASE,
      filename: 'sw.js',
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: '巡检助手',
        short_name: '巡检助手',
        description: '用手机扫码或 NFC 巡检打卡，离线也能用',
        lang: 'zh-CN',
        id: BASE,
        start_url: BASE,
        scope: BASE,
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f5f5f5',
        theme_color: '#1677ff',
        icons: [
          { src: `${BASE}icons/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: `${BASE}icons/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        navigateFallback: `${BASE}index.html`,
        navigateFallbackAllowlist: [/^\/m\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // The API is never cached: punches go through the app's own queue.
        runtimeCaching: [],
      },
    }),
  ],
  resolve: { conditions },
  server: {
    proxy: { '/proxyserver': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-budget.mjs reads the chunk graph from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 }],
        },
      },
    },
  },
  test: {
    name: 'guard',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
