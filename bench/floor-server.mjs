// The floor of P13 (bench/measure-floor.mjs): the least a server can do for P3's call, a `node:http` server that
// answers every request by sending the captured statements of the call through a pool of 10 connections (as the
// server's) and writing their last rows as the envelope. No routing, session, scope, validation or logging.
//
//   FLOOR_STATEMENTS=<json file> DATABASE_URL=postgres://… PORT=… node bench/floor-server.mjs
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const statements = JSON.parse(readFileSync(process.env.FLOOR_STATEMENTS, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', async () => {
    const client = await pool.connect();
    try {
      let rows = [];
      for (const { query, params, name, rowMode } of statements) {
        rows = (await client.query({ text: query, values: params, name, rowMode })).rows;
      }
      const body = JSON.stringify({ code: 200, msg: '成功', data: rows, total: rows.length });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
    } finally {
      client.release();
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
  process.exit(0);
});
