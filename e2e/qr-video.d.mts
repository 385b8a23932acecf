/** Writes `file`, a Y4M video for Chromium's fake camera showing `text` as a QR code. */
export function writeQrY4m(file: string, text: string, size?: number, frames?: number): void;
