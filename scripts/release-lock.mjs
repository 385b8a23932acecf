// The release's lockfile: the part of the repository's package-lock.json that a workspace's production
// dependencies reach, so that `npm ci` in the release installs exactly the versions the tests ran with.

/** Node's lookup from a package's folder in the lockfile's terms: its own node_modules, then each parent's. */
function resolve(packages, name, from) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** What a package needs at run time: dependencies, optional ones (platform binaries), and required peers. */
function needs(entry) {
  const optional = Object.keys(entry.optionalDependencies ?? {});
  const peers = Object.keys(entry.peerDependencies ?? {}).filter(
    (name) => !entry.peerDependenciesMeta?.[name]?.optional,
  );
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...optional.map((name) => ({ name, optional: true })),
    ...peers.map((name) => ({ name, optional: false })),
  ];
}

/**
 * Builds `{ packageJson, lock }` for a folder that installs `dependencies` (name → range, the workspace's own
 * production dependencies, local workspace packages left out) as the root lockfile resolved them.
 */
export function pruneLock(rootLock, { name, version, dependencies }) {
  const { packages } = rootLock;
  const kept = {};
  const queue = Object.keys(dependencies).map((dep) => ({ name: dep, from: '', optional: false }));
  while (queue.length) {
    const next = queue.shift();
    const at = resolve(packages, next.name, next.from);
    if (!at) {
      if (next.optional) continue; // another platform's binary the lockfile does not list
      throw new Error(`${next.name} is missing from package-lock.json (needed from ${next.from || 'the release'})`);
    }
    if (kept[at]) continue;
    const entry = packages[at];
    if (entry.link) throw new Error(`${next.name} is a workspace package: copy it into the release instead`);
    const copy = { ...entry };
    delete copy.dev;
    if (copy.devOptional) {
      delete copy.devOptional;
      copy.optional = true;
    }
    kept[at] = copy;
    for (const need of needs(entry)) queue.push({ ...need, from: at });
  }
  const sorted = Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
  return {
    name,
    version,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name, version, dependencies }, ...sorted },
  };
}

/**
 * The root package.json's `overrides` whose package (the key; for a nested override, its parent) is in the pruned
 * lock, so the release's package.json pins what its lockfile holds and names nothing it does not install.
 * Undefined when none is left.
 */
export function pruneOverrides(overrides, lock) {
  const installed = new Set(Object.keys(lock.packages).map((at) => at.slice(at.lastIndexOf('node_modules/') + 13)));
  const kept = Object.entries(overrides ?? {}).filter(([name]) => installed.has(name.replace(/(.)@.*$/, '$1')));
  return kept.length ? Object.fromEntries(kept) : undefined;
}
