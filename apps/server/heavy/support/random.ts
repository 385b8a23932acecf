/**
 * A seeded generator (mulberry32) for the moments a test picks "at random": the seed is printed with every
 * failure, and HEAVY_SEED=<seed> replays the same moments.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const heavySeed = (): number => Number(process.env.HEAVY_SEED) || Date.now() % 1_000_000;
