// The built server's own modules (apps/server/dist), imported so the benchmark calls the same services and
// migrations the server runs rather than a copy of them.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../scripts/lib.mjs';

export function serverModule(relative) {
  return import(pathToFileURL(path.join(root, 'apps/server/dist', relative)).href);
}

/** The services the benchmarked calls go through. */
export async function loadServices() {
  return {
    Scope: (await serverModule('features/scope.js')).Scope,
    AccessCache: (await serverModule('http/access-cache.js')).AccessCache,
    records: await serverModule('features/record/record.service.js'),
    recordRepo: await serverModule('features/record/record.repository.js'),
    dashboard: await serverModule('features/dashboard/dashboard.service.js'),
    reports: await serverModule('features/report/report.service.js'),
    authRepo: await serverModule('features/auth/auth.repository.js'),
    hashToken: (await serverModule('security/token.js')).hashToken,
  };
}
