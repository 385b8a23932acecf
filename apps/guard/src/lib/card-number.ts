/**
 * What a point's label or tag says → its card number. A label's QR code encodes `https://<host>/m/p/<卡号>`
 * (GUARD-APP.md); older labels and typed input carry the bare card number. Anything else is not a point.
 */
const MAX_CARD_LENGTH = 100;
const LINK = /^https?:\/\/[^/\s]+\/m\/p\/([^/?#\s]+)\/?(?:[?#].*)?$/i;
const BARE = /^[^\s/?#\\\p{Cc}]+$/u;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The card number a scanned or typed text stands for, or null when it is no point's. */
export function cardNumberOf(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  const link = LINK.exec(value);
  const card = link ? decoded(link[1] ?? '') : /^[a-z]+:/i.test(value) ? null : value;
  if (!card) return null;
  const trimmed = card.trim();
  return trimmed && trimmed.length <= MAX_CARD_LENGTH && BARE.test(trimmed) ? trimmed : null;
}

/** The card number in the app's own path `/m/p/<卡号>` (a label opened by the phone's camera app), or null. */
export function cardNumberOfPath(pathname: string): string | null {
  const match = /^\/m\/p\/([^/]+)\/?$/.exec(pathname);
  return match ? cardNumberOf(decoded(match[1] ?? '') ?? '') : null;
}
