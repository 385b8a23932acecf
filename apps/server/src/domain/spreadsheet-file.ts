/** The spreadsheet kinds an upload may be (spec: xlsx/xls only). */
export type SheetKind = 'xlsx' | 'xls';

/** The kind a file name claims by its extension (any letter case), or null. */
export function kindByName(fileName: string): SheetKind | null {
  const match = /\.(xlsx|xls)$/i.exec(fileName.trim());
  return match ? (match[1]!.toLowerCase() as SheetKind) : null;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Bytes to read from the start of a file to tell its kind. */
export const MAGIC_LENGTH = OLE2_MAGIC.length;

/** The kind the first bytes prove: an xlsx is a zip ('PK\x03\x04'), an xls an OLE2 compound file. */
export function kindByMagic(head: Buffer): SheetKind | null {
  if (head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return 'xlsx';
  if (head.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) return 'xls';
  return null;
}
