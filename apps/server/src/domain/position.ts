/**
 * Where a punch was made (SAFETY.md): distances on the earth's surface and the 位置异常 rule, pure functions.
 */

/** The mean earth radius in metres (WGS-84's, as the haversine formula uses it). */
const EARTH_RADIUS_M = 6_371_008.8;

export interface LatLng {
  lat: number;
  lng: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two positions in metres (haversine). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point's position and radius, and the punch's position and accuracy, each as far as known. */
export interface PunchPlace {
  point: (LatLng & { radius: number }) | null;
  punch: (LatLng & { accuracy: number | null }) | null;
}

/**
 * The distance of a punch from its point in whole metres, or null when either position is unknown, and whether it
 * is 位置异常: that distance is farther than the radius plus the punch's accuracy (none counts as 0). A punch
 * without a position, or at a point without one, is never flagged. The rule reads the whole metres the records
 * keep and show (`distance_m`), so a row's distance, its point's radius and its accuracy always agree with its flag:
 * a 50 m point's punch shown 距点 50 米 is never 位置异常.
 */
export function judgePlace({ point, punch }: PunchPlace): { distance: number | null; flagged: boolean } {
  if (!point || !punch) return { distance: null, flagged: false };
  const distance = Math.round(distanceMeters(point, punch));
  return { distance, flagged: distance > point.radius + (punch.accuracy ?? 0) };
}

/** The median of numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** 从打卡学习: the median latitude and longitude of the samples (each coordinate on its own). */
export function medianPosition(samples: readonly LatLng[]): LatLng {
  return { lat: median(samples.map((s) => s.lat)), lng: median(samples.map((s) => s.lng)) };
}

/** A position `metres` north of `from` (for tests and the demo): one degree of latitude is ~111.2 km. */
export function northOf(from: LatLng, metres: number): LatLng {
  return { lat: from.lat + (metres / (2 * Math.PI * EARTH_RADIUS_M)) * 360, lng: from.lng };
}
