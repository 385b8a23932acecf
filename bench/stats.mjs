// Timing and its summaries: every figure is a median and a p95 over repeated runs.

/** The q-quantile (0…1) of samples, nearest rank. */
export function quantile(samples, q) {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function summarize(samples) {
  return { n: samples.length, median: quantile(samples, 0.5), p95: quantile(samples, 0.95), max: Math.max(...samples) };
}

/** Milliseconds `work` took. */
export async function timeMs(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** `repeat` timings of `work` after `warmup` untimed calls. */
export async function sample(work, { repeat = 10, warmup = 1 } = {}) {
  for (let i = 0; i < warmup; i += 1) await work(i);
  const samples = [];
  for (let i = 0; i < repeat; i += 1) samples.push(await timeMs(() => work(i)));
  return samples;
}
