/**
 * The 批量输入 box (spec section 5): SNs separated by commas (also the Chinese ，) or line breaks, each trimmed,
 * blanks dropped. Repeats are kept: the server creates a repeated SN once and reports the rest as 重复.
 */
export function splitSnList(text: string): string[] {
  return text
    .split(/[,，\r\n]+/)
    .map((sn) => sn.trim())
    .filter((sn) => sn !== '');
}
