// The server's HTTP API as a client sees it: the admin's bearer token, the envelope checked on every answer.
//
// Calls go through bench/http-connection.mjs (kept connections, each request written and read by hand): the least
// a client does, so that the figures are the server's.
import { request } from './http-connection.mjs';
import { ADMIN_PASSWORD } from './server.mjs';

export async function call(base, method, path, { token, body, query, headers = {} } = {}) {
  const url = new URL(`/proxyserver/api${path}`, base);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  const payload = body ? JSON.stringify(body) : undefined;
  const { text } = await request(
    url,
    method,
    {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    payload,
  );
  const envelope = JSON.parse(text);
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope;
}

export async function loginAdmin(base) {
  const reply = await call(base, 'POST', '/UserInfo/Login_Web', {
    body: { user_name: 'admin', user_password: ADMIN_PASSWORD, remember_login: false },
  });
  return reply.data.token;
}
