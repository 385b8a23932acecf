// The server's HTTP API as a client sees it: the admin's bearer token, the envelope checked on every answer.
import { ADMIN_PASSWORD } from './server.mjs';

export async function call(base, method, path, { token, body, query, headers = {} } = {}) {
  const url = new URL(`/proxyserver/api${path}`, base);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await response.json();
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope;
}

export async function loginAdmin(base) {
  const reply = await call(base, 'POST', '/UserInfo/Login_Web', {
    body: { user_name: 'admin', user_password: ADMIN_PASSWORD, remember_login: false },
  });
  return reply.data.token;
}
