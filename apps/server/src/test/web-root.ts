import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The first-paint script of the test console's index.html, as the console's build leaves one inline. */
export const FIRST_PAINT_SCRIPT = "\n      (function () { document.title = '巡检管理平台'; })();\n    ";

/** A built console in a temporary folder: index.html with one inline script and one chunk. */
export function makeWebRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><title>巡检管理平台</title><script type="module" src="/assets/a-1.js"></script>` +
      `<div id="root"></div><script>${FIRST_PAINT_SCRIPT}</script>`,
  );
  writeFileSync(path.join(root, 'assets', 'a-1.js'), 'first()');
  return root;
}
