// The plans of the hot queries, as the database runs them with the captured parameters, for the report:
// indexes are chosen from these (QUALITY.md).

/** Queries worth a plan: those that read punches, their counts or rounds (scope look-ups on `hold` are index probes). */
const isHot = (query) => /\b(punch|punch_count|patrol_round)\b/.test(query);

export async function explainAll(db, captures) {
  const plans = [];
  for (const { title, queries } of captures) {
    for (const { query, params } of queries.filter((q) => isHot(q.query))) {
      const rows = await db.query(`explain (analyze, buffers) ${query}`, params);
      plans.push({ title, query, params, plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
    }
  }
  return plans;
}
