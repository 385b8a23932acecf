/** Injected by vite.config.ts `define` from apps/web/package.json. */
declare const __APP_VERSION__: string;
