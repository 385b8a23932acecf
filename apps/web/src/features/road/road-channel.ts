import { useEffect } from 'react';

/**
 * The road detail opens in its own window, with its own query cache: after a save it tells the other
 * windows of this browser, and their road lists read again.
 */
const CHANNEL = 'guard-tour:roads';

export function announceRoadsChanged(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

export function useRoadsChangedElsewhere(onChange: () => void): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => onChange();
    return () => channel.close();
  }, [onChange]);
}

/** The road detail window's address: id 0 adds a road to the organisation holdid. */
export function roadDetailUrl(roadId: number, holdId: number | undefined): string {
  const query = new URLSearchParams({ id: String(roadId) });
  if (holdId !== undefined) query.set('holdid', String(holdId));
  return `/patrol/road_detail?${query.toString()}`;
}

/** Opens the road detail in a new browser window (spec section 2). */
export function openRoadDetail(roadId: number, holdId: number | undefined): void {
  window.open(roadDetailUrl(roadId, holdId), '_blank');
}
