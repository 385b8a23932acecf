import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { UploadReply } from '@guard-tour/contract';
import type { Harness } from './harness.js';

/** A data folder of its own for one test file (uploads are kept under it), removed afterwards. */
export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-tour-data-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface FilePart {
  name: string;
  content: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----guardtour${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads files through `POST /UploadFiles/action` and reads the upload's own reply shape. */
export async function uploadFiles(h: Harness, token: string | undefined, files: FilePart[]): Promise<UploadReply> {
  const { payload, contentType } = multipartBody(files);
  const response = await h.app.inject({
    method: 'POST',
    url: '/proxyserver/api/UploadFiles/action',
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  expect200(response.statusCode);
  return response.json() as UploadReply;
}

function expect200(status: number): void {
  if (status !== 200) throw new Error(`the upload answered HTTP ${status}, not 200`);
}

/** Uploads one file and answers its `imagePath` (fails the test when refused). */
export async function uploadOne(h: Harness, token: string, name: string, content: Buffer): Promise<string> {
  const reply = await uploadFiles(h, token, [{ name, content }]);
  if (reply.errCode !== 0 || !('result' in reply)) {
    throw new Error(`upload of ${name} refused: ${'errMsg' in reply ? reply.errMsg : ''}`);
  }
  return reply.result.imagePath;
}
