/**
 * A link that opens a position in a map site (SAFETY.md: the browser opens it; the server never sends a position to
 * a third party). Gaode's URI API takes the phone's WGS-84 coordinates as they are with `coordinate=wgs84`.
 */
export function mapLink(lat: number, lng: number, name: string): string {
  const query = new URLSearchParams({
    position: `${lng},${lat}`,
    name,
    coordinate: 'wgs84',
    callnative: '0',
  });
  return `https://uri.amap.com/marker?${query.toString()}`;
}

/** `31.230400, 121.473700（±12 米）`, or 无定位. */
export function positionText(lat: number | null, lng: number | null, accuracy: number | null): string {
  if (lat === null || lng === null) return '无定位';
  const around = accuracy === null ? '' : `（±${Math.round(accuracy)} 米）`;
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}${around}`;
}
