import type { Round } from './schedule.js';

/** A round of the day already stored: its slot number and window (`end` exclusive, as rounds store it). */
export interface StoredWindow {
  slot: number;
  start: Date;
  end: Date;
}

const overlap = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) => a.start < b.end && b.start < a.end;

/**
 * Which of a road's or task's windows of a day still need a round, and under which slot number (pure; issue 31).
 * With nothing stored that day: every window, numbered as the schedule numbers it. With rounds stored (kept through
 * an edit because they had opened, been checked or frozen; or made before from the same schedule), each stored
 * round stands for one slot of the schedule: the slot whose window overlaps it, else the slot of its number (a
 * changed slot whose round was under way keeps that round: SHIFTS.md, stored rounds keep their windows). Every
 * other slot is new that day and gets a round, numbered after the day's stored slot numbers in start order (so
 * a kept round holding its number no longer hides it), unless its window had ended by `now` (it was not in force
 * when it ran: an edit changes future rounds only).
 */
export function roundsToAdd(windows: readonly Round[], stored: readonly StoredWindow[], now: Date): Round[] {
  if (stored.length === 0) return [...windows];
  const ordered = [...windows].sort((a, b) => a.start.getTime() - b.start.getTime());
  const taken = new Set<Round>();
  const standsFor = (round: StoredWindow, fits: (w: Round) => boolean) => {
    const window = ordered.find((w) => !taken.has(w) && fits(w));
    if (window) taken.add(window);
    return window !== undefined;
  };
  const unmatched = stored.filter((s) => !standsFor(s, (w) => overlap(w, s)));
  for (const s of unmatched) standsFor(s, (w) => w.slot === s.slot);
  let next = Math.max(...stored.map((s) => s.slot));
  const added: Round[] = [];
  for (const window of ordered) {
    if (taken.has(window) || window.end <= now) continue;
    next += 1;
    added.push({ ...window, slot: next });
  }
  return added;
}
