/**
 * `Content-Disposition` for a download with a Chinese file name: an ASCII fallback for old clients and the
 * real name in RFC 5987 form (`filename*=UTF-8''…`), which every current browser prefers.
 */
export function attachment(fileName: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export { XLSX_TYPE } from '@guard-tour/contract';
