// Vitest setup of every project (QUALITY.md R12): `FC_SEED=<integer>` runs every fast-check property from that seed,
// so a failure seen once replays. Without it each property draws a seed of its own. Either way a failing property's
// message names its seed and shrink path ("Property failed after N tests { seed: …, path: … }").
import fc from 'fast-check';

const seed = process.env.FC_SEED?.trim();
if (seed) {
  if (!/^-?\d+$/.test(seed)) throw new Error(`FC_SEED must be an integer, got "${seed}"`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });
}
