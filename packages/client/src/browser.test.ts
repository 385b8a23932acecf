import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, apiPostPage, errorText, loadErrorText } from './browser.js';
import { MSG } from './messages.js';
import { getSession, startSession } from './session.js';
import { ADMIN_SESSION as SESSION, answering, freshBrowserEach } from './testing.js';

/** The network answers each request with the given body and HTTP status. */
function answer(body: unknown, status = 200) {
  const { fetch, seen } = answering(body, status);
  vi.stubGlobal('fetch', fetch);
  return seen;
}

describe('the HTTP client', () => {
  const onUnauthorized = freshBrowserEach();
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and GET parameters in the query string, and returns data', async () => {
    startSession(SESSION);
    const seen = answer({ code: 200, msg: '', data: [{ road_id: 1 }] });
    const data = await apiGet('/api/RoadTask/GetRoadOptions', { hold_id: 3, name: '东 门', skip: undefined });
    expect(data).toEqual([{ road_id: 1 }]);
    expect(seen[0]?.url).toBe('/proxyserver/api/RoadTask/GetRoadOptions?hold_id=3&name=%E4%B8%9C+%E9%97%A8');
    expect(new Headers(seen[0]?.init.headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('posts JSON and hands a paged list its rows and total', async () => {
    const seen = answer({ code: 200, msg: '成功', data: [{ id: 1 }, { id: 2 }], total: 57 });
    const page = await apiPostPage('/api/DeviceInfo/SearchDeviceList', { PageIndex: 1, PageSize: 25 });
    expect(page).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 57 });
    expect(seen[0]?.init.method).toBe('POST');
    expect(seen[0]?.init.body).toBe('{"PageIndex":1,"PageSize":25}');
    expect(new Headers(seen[0]?.init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns a refusal into an error carrying the server message', async () => {
    answer({ code: 409, msg: '设备IMEI/SN已存在：860000000000001', data: null });
    const error = await apiPost('/api/DeviceInfo/SaveDeviceInfo', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorText(error)).toBe('设备IMEI/SN已存在：860000000000001');
  });

  it('never shows "undefined" when the server gives no message', async () => {
    for (const msg of [undefined, '', 'undefined', null]) {
      answer({ code: 500, msg, data: null });
      await expect(apiGet('/api/x')).rejects.toThrow(MSG.loadFailed);
    }
  });

  it('ends the session and goes to the login page on code 401', async () => {
    startSession(SESSION);
    answer({ code: 401, msg: '登录已过期，请重新登录', data: null });
    await expect(apiGet('/api/SysFun/GetUserFunTree')).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone when the caller handles 401 itself (login)', async () => {
    startSession(SESSION);
    answer({ code: 401, msg: '登录失败! 账号或密码不对!', data: null });
    await expect(apiPost('/api/UserInfo/Login_Web', {}, { redirectOn401: false })).rejects.toMatchObject({
      kind: 'server',
      code: 401,
    });
    expect(getSession()?.token).toBe('tok-123');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as a server hiccup', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ kind: 'network', message: MSG.network });
  });

  it('reports a proxy error page (no envelope) as a server hiccup', async () => {
    answer('<html>Bad Gateway</html>', 502);
    await expect(apiGet('/api/x')).rejects.toMatchObject({ kind: 'network', message: MSG.network });
  });

  it('gives up after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(apiGet('/api/x', undefined, { timeoutMs: 20 })).rejects.toMatchObject({
      kind: 'timeout',
      message: MSG.network,
    });
  });
});

describe('a list that failed to load', () => {
  it('says 错了哦，接口出错！ followed by what went wrong', () => {
    expect(loadErrorText(new ApiError('server', '组织ID不正确', 400))).toBe('错了哦，接口出错！组织ID不正确');
    expect(loadErrorText(new ApiError('network', MSG.network))).toBe(`错了哦，接口出错！${MSG.network}`);
  });

  it('says it once when the server gave no reason, and never "undefined"', () => {
    expect(loadErrorText(new ApiError('server', MSG.loadFailed, 500))).toBe(MSG.loadFailed);
    expect(loadErrorText(new Error('boom'))).toBe(MSG.loadFailed);
    expect(loadErrorText(undefined)).toBe(MSG.loadFailed);
  });
});
