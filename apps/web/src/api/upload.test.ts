import { UPLOAD_MAX_BYTES } from '@guard-tour/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@guard-tour/client/browser';
import { startSession } from '@guard-tour/client/session';
import { imagePathOf, uploadFile, uploadProblem, UPLOAD_PATH } from './upload';
import { ADMIN_ROLE } from '../test/session';

describe('a spreadsheet picked for upload', () => {
  it('may be an .xlsx or an .xls, in any letter case, up to 50M', () => {
    expect(uploadProblem({ name: '设备.xlsx', size: 1024 })).toBeNull();
    expect(uploadProblem({ name: 'DEVICES.XLS', size: 1024 })).toBeNull();
    expect(uploadProblem({ name: 'devices.xlsx', size: UPLOAD_MAX_BYTES })).toBeNull();
  });

  it('is refused before sending when it is another kind of file (只能上传xlsx/xls文件)', () => {
    expect(uploadProblem({ name: 'devices.csv', size: 10 })).toBe('只能上传xlsx/xls文件');
    expect(uploadProblem({ name: 'devices.xlsx.exe', size: 10 })).toBe('只能上传xlsx/xls文件');
    expect(uploadProblem({ name: 'xlsx', size: 10 })).toBe('只能上传xlsx/xls文件');
  });

  it('is refused before sending when it is larger than 50M (文件不能超过50M)', () => {
    expect(uploadProblem({ name: 'devices.xlsx', size: UPLOAD_MAX_BYTES + 1 })).toBe('文件不能超过50M');
  });
});

describe('the upload reply', () => {
  it('gives the opaque name the import takes', () => {
    expect(imagePathOf({ errCode: 0, result: { imagePath: 'u_abc.xlsx', fileName: 'a.xlsx', size: 9 } })).toBe(
      'u_abc.xlsx',
    );
  });

  it('turns a refusal into an error with the server’s reason', () => {
    expect(() => imagePathOf({ errCode: 1, errMsg: '只能上传xlsx/xls文件' })).toThrow('只能上传xlsx/xls文件');
    expect(() => imagePathOf({ errCode: 500 })).toThrow('上传失败，请稍后重试');
    expect(() => imagePathOf(null)).toThrow(ApiError);
  });
});

describe('uploading', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('sends the file as multipart with the bearer token, and resolves to its imagePath', async () => {
    startSession({
      token: 'tok-9',
      userName: 'admin',
      trueName: '',
      userType: 1,
      serviceEnd: '',
      defaultPassword: false,
      timeZone: 'Asia/Shanghai',
      ...ADMIN_ROLE,
    });
    const seen: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      seen.push({ url, init });
      const body = JSON.stringify({ errCode: 0, result: { imagePath: 'u_1.xlsx', fileName: 'd.xlsx', size: 3 } });
      return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'application/json' } }));
    });
    const file = new File(['abc'], 'd.xlsx');
    await expect(uploadFile(file)).resolves.toBe('u_1.xlsx');
    expect(seen[0]?.url).toBe(UPLOAD_PATH);
    expect(seen[0]?.init.method).toBe('POST');
    expect((seen[0]?.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
    const form = seen[0]?.init.body as FormData;
    expect((form.get('file') as File).name).toBe('d.xlsx');
  });

  it('says the server could not be reached when the network fails', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(uploadFile(new File(['x'], 'd.xlsx'))).rejects.toThrow('服务器抖动一下!请稍后重试');
  });
});
