const two = (n: number) => String(n).padStart(2, '0');

/** The phone's local time as the terminals write it: `YYYY-MM-DD HH:mm:ss`. */
export function localTime(date: Date = new Date()): string {
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${day} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** `HH:mm` of a `YYYY-MM-DD HH:mm:ss` time, for the round's window. */
export function clockOf(time: string): string {
  return time.slice(11, 16);
}
