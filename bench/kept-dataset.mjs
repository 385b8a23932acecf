// A data set kept between runs: generating QUALITY.md's 10M punches takes most of a benchmark's time, so a run may
// copy a database that already holds it instead. BENCH_KEPT_DATASET is that database's URL (filled by
// bench/dataset.mjs after the server's migrations, then never connected to); each run copies it with
// `create database … template …` (seconds), migrates the copy by starting the server on it, and drops it at the end.
import pg from 'pg';

async function onMaintenance(url, statement) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.href });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `{ url, drop() }` of a fresh copy of the kept data set, or null when none is kept (BENCH_KEPT_DATASET unset). */
export async function copyKeptDataset(kept = process.env.BENCH_KEPT_DATASET) {
  if (!kept) return null;
  const source = new URL(kept).pathname.slice(1);
  const name = `${source}_copy_${process.pid}_${Date.now()}`;
  await onMaintenance(kept, `create database "${name}" template "${source}"`);
  const copy = new URL(kept);
  copy.pathname = `/${name}`;
  return {
    url: copy.href,
    drop: () => onMaintenance(kept, `drop database if exists "${name}" with (force)`),
  };
}
