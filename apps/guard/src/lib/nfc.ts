import { cardNumberOf } from './card-number';

/**
 * Web NFC (Android Chrome's `NDEFReader`), feature-detected: a tag's text or URL record names the card, else its
 * serial number does (what the hardware readers read), written without colons in capitals.
 */
export interface NdefRecordLike {
  recordType: string;
  encoding?: string | null;
  data?: DataView | null;
}

export interface NdefReadingLike {
  serialNumber?: string | null;
  message?: { records: readonly NdefRecordLike[] } | null;
}

export interface NdefReaderLike {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  onreading: ((event: NdefReadingLike) => void) | null;
  onreadingerror: ((event: unknown) => void) | null;
}

export type NdefReaderClass = new () => NdefReaderLike;

/** The browser's reader class, or null where there is no Web NFC. */
export function nfcReaderClass(scope: object = globalThis): NdefReaderClass | null {
  const reader = (scope as { NDEFReader?: unknown }).NDEFReader;
  return typeof reader === 'function' ? (reader as NdefReaderClass) : null;
}

function textOf(record: NdefRecordLike): string | null {
  if (!record.data) return null;
  try {
    return new TextDecoder(record.encoding || 'utf-8').decode(record.data);
  } catch {
    return null;
  }
}

/** The card number one tag reading stands for, or null. */
export function cardOfReading(event: NdefReadingLike): string | null {
  for (const record of event.message?.records ?? []) {
    if (record.recordType !== 'text' && record.recordType !== 'url') continue;
    const text = textOf(record);
    const card = text === null ? null : cardNumberOf(text);
    if (card) return card;
  }
  const serial = (event.serialNumber ?? '').replace(/[:\s-]/g, '').toUpperCase();
  return serial ? cardNumberOf(serial) : null;
}

/**
 * Listens for tags until `signal` aborts, handing each tag's card number to `onCard`. Rejects when the browser
 * refuses (no permission, NFC switched off); `Reader` is the browser's class unless a test passes its own.
 */
export async function readNfcCards(
  onCard: (card: string) => void,
  signal: AbortSignal,
  Reader: NdefReaderClass | null = nfcReaderClass(),
): Promise<void> {
  if (!Reader) throw new Error('此浏览器不支持 NFC');
  const reader = new Reader();
  reader.onreading = (event) => {
    if (signal.aborted) return;
    const card = cardOfReading(event);
    if (card) onCard(card);
  };
  reader.onreadingerror = () => undefined;
  await reader.scan({ signal });
}
