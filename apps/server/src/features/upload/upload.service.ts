import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { DEVICE_IMPORT_COLUMNS, UPLOAD_MAX_BYTES, uploadMessages } from '@guard-tour/contract';
import type { AppContext } from '../../context.js';
import { kindByMagic, kindByName, MAGIC_LENGTH, type SheetKind } from '../../domain/spreadsheet-file.js';
import { inspectZip, type ByteSource, type ZipVerdict } from '../../domain/zip-limits.js';
import type { Caller } from '../../http/caller.js';
import { invalid, notFound } from '../../errors.js';
import * as repo from './upload.repository.js';

export { readFirstSheet, type SheetRead, type SheetRow } from './sheet-reader.js';

/** An upload serves one import: after a day it is forgotten and its file removed. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** What `storeUpload` names a file: 128 random bits and the kind, nothing the client chose. */
const STORED_NAME = /^[0-9a-f]{32}\.(xlsx|xls)$/;
const EXPIRED = '文件不存在或已过期，请重新上传';

const zipRefusals: Record<Exclude<ZipVerdict, { ok: true }>['reason'], string> = {
  malformed: uploadMessages.wrongType,
  tooManyEntries: '文件内部条目超过1000个，已拒绝',
  tooLarge: '文件解压后超过500M，已拒绝',
  ratio: '文件压缩比异常（超过100:1），已拒绝',
};

export function uploadsDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'uploads');
}

export interface StoredUpload {
  imagePath: string;
  fileName: string;
  size: number;
}

/** The incoming file: the name the client gave and the stream (flagged `truncated` past the size limit). */
export interface IncomingFile {
  fileName: string;
  stream: Readable & { truncated?: boolean };
}

/** Refuses the file unless its name, first bytes and (for xlsx) zip directory all say spreadsheet. */
async function checkFile(filePath: string, claimed: SheetKind): Promise<number> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    if (size > UPLOAD_MAX_BYTES) throw invalid(uploadMessages.tooLarge);
    const head = Buffer.alloc(MAGIC_LENGTH);
    await handle.read(head, 0, MAGIC_LENGTH, 0);
    if (kindByMagic(head) !== claimed) throw invalid(uploadMessages.wrongType);
    if (claimed === 'xlsx') {
      const source: ByteSource = {
        size,
        async read(position, length) {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, position);
          return buffer.subarray(0, bytesRead);
        },
      };
      const verdict = await inspectZip(source);
      if (!verdict.ok) throw invalid(zipRefusals[verdict.reason]);
      if (!verdict.names.includes('[Content_Types].xml')) throw invalid(uploadMessages.wrongType);
    }
    return size;
  } finally {
    await handle.close();
  }
}

/**
 * Keeps an uploaded spreadsheet (QUALITY.md R5): at most 50 MB, .xlsx or .xls by name and by first bytes,
 * an xlsx's zip directory within the limits, all before anything parses it. Answers its opaque name,
 * bound to the uploading account.
 */
export async function storeUpload(ctx: AppContext, caller: Caller, file: IncomingFile): Promise<StoredUpload> {
  const dir = uploadsDir(ctx);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `${randomBytes(16).toString('hex')}.part`);
  let stored: string | undefined;
  try {
    // The whole body is read (at most 50 MB is kept) so that the refusal reaches the browser.
    await pipeline(file.stream, createWriteStream(temporary, { flags: 'wx' })).catch((error: unknown) => {
      // A body that breaks off or is malformed is the client's doing; a write that fails is ours (500).
      throw file.stream.errored ? invalid(uploadMessages.incomplete) : error;
    });
    if (file.stream.truncated) throw invalid(uploadMessages.tooLarge);
    const kind = kindByName(file.fileName);
    if (!kind) throw invalid(uploadMessages.wrongType);
    const size = await checkFile(temporary, kind);
    const name = `${randomBytes(16).toString('hex')}.${kind}`;
    stored = path.join(dir, name);
    await rename(temporary, stored);
    const fileName = file.fileName.replace(/\p{Cc}/gu, '').slice(0, 200);
    await repo.insertUpload(ctx.db, {
      file_name: name,
      user_id: caller.userId,
      original_name: fileName,
      size,
      create_time: ctx.now(),
    });
    await purgeExpired(ctx);
    return { imagePath: name, fileName, size };
  } catch (error) {
    await rm(temporary, { force: true });
    if (stored) await rm(stored, { force: true });
    throw error;
  }
}

/** Forgets an upload just stored (the request it came with was refused after all). */
export async function discardUpload(ctx: AppContext, imagePath: string): Promise<void> {
  if (!STORED_NAME.test(imagePath)) return;
  await repo.deleteUpload(ctx.db, imagePath);
  await rm(path.join(uploadsDir(ctx), imagePath), { force: true });
}

/** Removes uploads older than a day, rows and files. */
async function purgeExpired(ctx: AppContext): Promise<void> {
  const names = await repo.deleteUploadsBefore(ctx.db, new Date(ctx.now().getTime() - UPLOAD_TTL_MS));
  const dir = uploadsDir(ctx);
  await Promise.all(names.filter((n) => STORED_NAME.test(n)).map((n) => rm(path.join(dir, n), { force: true })));
}

export interface UploadedFile {
  path: string;
  kind: SheetKind;
  originalName: string;
}

/**
 * The file an import names (QUALITY.md R10): only a name this server gave, uploaded by this same account in the
 * last day. Paths (`../`, absolute, NUL) are refused outright; anything else unknown is "not found".
 */
export async function uploadedFile(ctx: AppContext, caller: Caller, filePath: string): Promise<UploadedFile> {
  if (/[/\\]|\.\.|\p{Cc}/u.test(filePath) || path.isAbsolute(filePath)) throw invalid('文件路径不正确');
  if (!STORED_NAME.test(filePath)) throw notFound(EXPIRED);
  const since = new Date(ctx.now().getTime() - UPLOAD_TTL_MS);
  const row = await repo.findUpload(ctx.db, filePath, caller.userId, since);
  if (!row) throw notFound(EXPIRED);
  return {
    path: path.join(uploadsDir(ctx), row.file_name),
    kind: row.file_name.endsWith('.xls') ? 'xls' : 'xlsx',
    originalName: row.original_name,
  };
}

export interface Template {
  fileName: string;
  asciiName: string;
  content: Buffer;
}

let deviceTemplate: Promise<Buffer> | undefined;

/** The device import template: its header row, and the number columns formatted as text so long IMEIs stay exact. */
async function buildDeviceTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('设备导入');
  const widths = [24, 20, 18, 24, 30];
  sheet.columns = DEVICE_IMPORT_COLUMNS.map((header, i) => ({
    header,
    width: widths[i] ?? 20,
    style: header === '设备名称' || header === '备注' ? {} : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A downloadable template by its name (`device_import`). */
export async function template(name: 'device_import'): Promise<Template> {
  deviceTemplate ??= buildDeviceTemplate().catch((error: unknown) => {
    deviceTemplate = undefined;
    throw error;
  });
  return { fileName: '设备导入模板.xlsx', asciiName: `${name}.xlsx`, content: await deviceTemplate };
}
