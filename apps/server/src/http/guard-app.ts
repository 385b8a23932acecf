import { createReadStream, existsSync, type ReadStream } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the guard app lives (GUARD-APP.md, pinned): its own build, its own scope, never loaded by the console. */
export const GUARD_APP_PREFIX = '/m/';

/**
 * Whether a GET of `url` is one of the guard app's pages (`/m/`, `/m/p/<卡号>`): answered with the app's
 * index.html, which then routes it. Files under `/m/` (the service worker, the manifest, chunks) are the static
 * files themselves, and a missing one is a 404.
 */
export function isGuardAppPage(url: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return false;
  }
  if (pathname === '/m') return true;
  return pathname.startsWith(GUARD_APP_PREFIX) && !pathname.includes('.') && !pathname.includes('\\');
}

/**
 * Serves the built guard app (apps/guard/dist) under `/m/` when it is there; answers whether it is. Hashed chunks
 * are cached for good; the service worker, the manifest and index.html are asked for afresh each time, so a new
 * release reaches the phones.
 */
export function registerGuardApp(app: FastifyInstance, guardRoot: string): boolean {
  if (!existsSync(path.join(guardRoot, 'index.html'))) return false;
  void app.register(fastifyStatic, {
    root: guardRoot,
    prefix: GUARD_APP_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: 'index.html',
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(path.join(guardRoot, 'assets') + path.sep);
      void reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/** The app's index.html, for its pages (whatever else `/` serves). */
export function guardAppPage(guardRoot: string): ReadStream {
  return createReadStream(path.join(guardRoot, 'index.html'));
}
