// The server's HTTP API as a client sees it: the admin's bearer token, the envelope checked on every answer.
//
// Calls go through node:http on kept connections, the least a client does, so the figures are the server's: undici's
// fetch spent a third of a millisecond of the benchmark's own CPU more on every call (TodayPatrolLogs' 20 rows on the
// 1M set, 1,000 calls each way, alternated: 2.9 against 2.5 ms, its SQL 1.8 ms), counted against the server.
import http from 'node:http';
import { ADMIN_PASSWORD } from './server.mjs';

const agent = new http.Agent({ keepAlive: true });

function send(url, method, headers, payload) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

export async function call(base, method, path, { token, body, query, headers = {} } = {}) {
  const url = new URL(`/proxyserver/api${path}`, base);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  const payload = body ? JSON.stringify(body) : undefined;
  const text = await send(
    url,
    method,
    {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
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
