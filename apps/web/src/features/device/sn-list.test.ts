import { describe, expect, it } from 'vitest';
import { splitSnList } from './sn-list';

describe('the SN list typed into 批量输入', () => {
  it('is split at commas and line breaks, each SN trimmed', () => {
    expect(splitSnList('860001,860002\n860003\r\n 860004 ')).toEqual(['860001', '860002', '860003', '860004']);
  });

  it('takes the Chinese comma too, as people type it', () => {
    expect(splitSnList('SN-A，SN-B')).toEqual(['SN-A', 'SN-B']);
  });

  it('drops blanks: empty lines, doubled commas, a trailing comma', () => {
    expect(splitSnList('860001,,\n\n  \n860002,')).toEqual(['860001', '860002']);
    expect(splitSnList(' \n , ')).toEqual([]);
    expect(splitSnList('')).toEqual([]);
  });

  it('keeps repeats and spaces inside an SN for the server to judge (重复, 格式不正确)', () => {
    expect(splitSnList('860001\n860001\n86 000')).toEqual(['860001', '860001', '86 000']);
  });
});
