import { describe, expect, it } from 'vitest';
import { cardNumberOf, cardNumberOfPath } from './card-number';

describe('reading a point’s card number from its label', () => {
  it('takes the card number from the label’s link, on any host', () => {
    expect(cardNumberOf('https://patrol.example.com/m/p/0001A2')).toBe('0001A2');
    expect(cardNumberOf('http://127.0.0.1:8080/m/p/0001A2/')).toBe('0001A2');
    expect(cardNumberOf('  https://x.cn/m/p/0001A2?from=label#top \n')).toBe('0001A2');
  });

  it('decodes a card number the link had to escape', () => {
    expect(cardNumberOf('https://x.cn/m/p/%E4%B8%9C%E9%97%A8-01')).toBe('东门-01');
  });

  it('takes a bare card number as it is (older labels, typed input)', () => {
    expect(cardNumberOf('0001A2')).toBe('0001A2');
    expect(cardNumberOf(' 865000000000101 ')).toBe('865000000000101');
  });

  it('refuses codes that are no point’s: other links, other apps’ schemes, blanks, text with spaces', () => {
    expect(cardNumberOf('https://x.cn/other/0001A2')).toBeNull();
    expect(cardNumberOf('https://x.cn/m/p/')).toBeNull();
    expect(cardNumberOf('WIFI:S:guest;T:WPA;P:secret;;')).toBeNull();
    expect(cardNumberOf('weixin://dl/business')).toBeNull();
    expect(cardNumberOf('   ')).toBeNull();
    expect(cardNumberOf('two words')).toBeNull();
    expect(cardNumberOf('https://x.cn/m/p/%E4%B8')).toBeNull();
    expect(cardNumberOf('A'.repeat(101))).toBeNull();
  });

  it('reads the app’s own address /m/p/<卡号> that a phone’s camera app opens', () => {
    expect(cardNumberOfPath('/m/p/0001A2')).toBe('0001A2');
    expect(cardNumberOfPath('/m/p/%E4%B8%9C%E9%97%A8-01')).toBe('东门-01');
    expect(cardNumberOfPath('/m/')).toBeNull();
    expect(cardNumberOfPath('/m/p/a/b')).toBeNull();
  });
});
