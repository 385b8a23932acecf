/**
 * A round's window as people read it. The server sends `YYYY-MM-DD HH:mm:ss` local times (or a bare `HH:mm`);
 * the list shows `08:30-10:00`, and a window that ends on the next day `22:00-次日 02:00`.
 */
interface Moment {
  date: string | null;
  clock: string;
}

function momentOf(value: string | null | undefined): Moment | null {
  const text = String(value ?? '').trim();
  const full = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(text);
  if (full) return { date: full[1] ?? null, clock: full[2] ?? '' };
  const bare = /^(\d{1,2}:\d{2})/.exec(text);
  return bare ? { date: null, clock: (bare[1] ?? '').padStart(5, '0') } : null;
}

export function windowText(start: string | null | undefined, end: string | null | undefined): string {
  const from = momentOf(start);
  const to = momentOf(end);
  if (!from && !to) return '—';
  const endText = to ? (from?.date && to.date && to.date > from.date ? `次日 ${to.clock}` : to.clock) : '—';
  return `${from?.clock ?? '—'}-${endText}`;
}

/** A punch time's clock part with seconds (`2026-11-23 08:31:05` → `08:31:05`); '—' when there is none. */
export function punchClock(value: string | null | undefined): string {
  const text = String(value ?? '').trim();
  if (!text) return '—';
  const match = /(\d{2}:\d{2}(?::\d{2})?)/.exec(text);
  return match?.[1] ?? text;
}
