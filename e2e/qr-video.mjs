// A video for Chromium's fake camera showing a QR code (`--use-file-for-fake-video-capture`), for the guard app's
// browser tests and P11's scan-to-stored bench alike: plain JavaScript, so the bench imports it without a loader.
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * Writes `file`, a Y4M video of `text` as a QR code: a one-line header and raw YUV 4:2:0 frames, made from the
 * code's modules (no ffmpeg needed). White margin, black modules, a still picture.
 */
export function writeQrY4m(file, text, size = 480, frames = 10) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = Math.floor(size / (count + 8));
  const offset = Math.floor((size - cell * count) / 2);
  const luma = Buffer.alloc(size * size, 235);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const row = Math.floor((y - offset) / cell);
      const col = Math.floor((x - offset) / cell);
      if (row >= 0 && col >= 0 && row < count && col < count && qr.modules.get(row, col)) luma[y * size + x] = 16;
    }
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
