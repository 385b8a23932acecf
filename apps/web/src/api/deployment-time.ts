import dayjs, { type Dayjs } from 'dayjs';
import { getSession } from '@guard-tour/client/session';

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(zone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(zone, format);
  }
  return format;
}

/**
 * The deployment's wall clock now (DOMAIN.md: one time zone, TZ_NAME, which login and checktoken name): a Dayjs
 * whose date and time read as in that zone, for 今天, the date presets and the latest pickable day. A browser in
 * another zone (a traveller, a headless check in UTC) then still sees the organisation's day. Without a zone (a
 * session stored before the server named it) or with one the browser does not know: the browser's own clock.
 */
export function deploymentNow(zone = getSession()?.info?.timeZone, now = new Date()): Dayjs {
  if (!zone) return dayjs(now);
  try {
    const parts = Object.fromEntries(
      wallClockOf(zone)
        .formatToParts(now)
        .map((part) => [part.type, part.value]),
    );
    return dayjs(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`);
  } catch {
    return dayjs(now);
  }
}
