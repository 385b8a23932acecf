import { describe, expect, it, vi } from 'vitest';
import { cardOfReading, nfcReaderClass, readNfcCards, type NdefReaderLike, type NdefReadingLike } from './nfc';

const encoder = new TextEncoder();
const record = (recordType: string, text: string) => ({
  recordType,
  encoding: 'utf-8',
  data: new DataView(encoder.encode(text).buffer),
});

/** Stands in for Chrome's NDEFReader: remembers the scan's signal and lets the test hold a tag to the phone. */
class FakeReader implements NdefReaderLike {
  static last: FakeReader | null = null;
  static refuse: Error | null = null;
  onreading: ((event: NdefReadingLike) => void) | null = null;
  onreadingerror: ((event: unknown) => void) | null = null;
  signal: AbortSignal | undefined;
  constructor() {
    FakeReader.last = this;
  }
  scan(options?: { signal?: AbortSignal }) {
    this.signal = options?.signal;
    return FakeReader.refuse ? Promise.reject(FakeReader.refuse) : Promise.resolve();
  }
  touch(event: NdefReadingLike) {
    this.onreading?.(event);
  }
}

describe('NFC where the browser has it', () => {
  it('is found only where NDEFReader exists', () => {
    expect(nfcReaderClass({})).toBeNull();
    expect(nfcReaderClass({ NDEFReader: FakeReader })).toBe(FakeReader);
  });

  it('takes a tag’s text record as the card number, before its serial number', () => {
    expect(cardOfReading({ serialNumber: '04:a2:3b:1c', message: { records: [record('text', '0001A2')] } })).toBe(
      '0001A2',
    );
  });

  it('takes a URL record written like the QR label', () => {
    const event = { serialNumber: '04:a2', message: { records: [record('url', 'https://x.cn/m/p/0001B7')] } };
    expect(cardOfReading(event)).toBe('0001B7');
  });

  it('falls back to the tag’s serial number, in capitals without colons', () => {
    expect(cardOfReading({ serialNumber: '04:a2:3b:1c', message: { records: [] } })).toBe('04A23B1C');
    expect(cardOfReading({ serialNumber: '04:a2', message: { records: [record('mime', 'x y')] } })).toBe('04A2');
    expect(cardOfReading({ serialNumber: '', message: null })).toBeNull();
  });

  it('hands each tag held to the phone to the screen until the scan is stopped', async () => {
    const cards: string[] = [];
    const controller = new AbortController();
    await readNfcCards((card) => cards.push(card), controller.signal, FakeReader);
    const reader = FakeReader.last!;
    expect(reader.signal).toBe(controller.signal);
    reader.touch({ serialNumber: '04:a2:3b:1c' });
    reader.touch({ serialNumber: '', message: { records: [record('text', '0001A2')] } });
    controller.abort();
    reader.touch({ serialNumber: '04:ff' });
    expect(cards).toEqual(['04A23B1C', '0001A2']);
  });

  it('says so when the browser has no NFC or refuses it', async () => {
    await expect(readNfcCards(vi.fn(), new AbortController().signal, null)).rejects.toThrow('不支持 NFC');
    FakeReader.refuse = Object.assign(new Error('NFC permission denied'), { name: 'NotAllowedError' });
    await expect(readNfcCards(vi.fn(), new AbortController().signal, FakeReader)).rejects.toThrow('permission');
    FakeReader.refuse = null;
  });
});
