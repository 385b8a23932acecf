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
        // Vendor groups keep every chunk under ~500 kB (STACK.md trap 11); screens are lazy routes.
        codeSplitting: {
          groups: [
            // ECharts only behind the dashboard's lazy route, in two chunks of < 150 KiB gzip each (QUALITY.md P7).
            // Priorities below react/antd: a group also takes in its modules' dependencies that no earlier group took.
            { name: 'zrender', test: /node_modules[\\/]zrender[\\/]/, priority: 6 },
            { name: 'echarts', test: /node_modules[\\/](echarts|echarts-for-react|size-sensor)[\\/]/, priority: 5 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'antd-icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 25 },
            { name: 'antd-rc', test: /node_modules[\\/](@rc-component|rc-[^\\/]+)[\\/]/, priority: 20 },
            {
              name: 'antd-css',
              test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@emotion|stylis)[\\/]/,
              priority: 20,
            },
            { name: 'antd', test: /node_modules[\\/]antd[\\/]/, priority: 10 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
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
