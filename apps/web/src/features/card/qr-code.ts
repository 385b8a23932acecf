import QRCode from 'qrcode';

/**
 * A QR code as an SVG data URL, drawn in the browser. Medium error correction survives a scuffed label; the quiet
 * zone of two modules is enough on a white label. Only the label sheet imports this (qrcode stays in its chunk).
 */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
