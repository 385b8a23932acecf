import type { LightMyRequestResponse as Response } from 'fastify';
import { quoteNumber } from '../domain/serial-number.js';
import { XLSX_TYPE } from '../http/download.js';
import type { ReplyKind } from './route-inputs.js';

/**
 * What a person reading an answer to bad input checks (API.md, Transport; QUALITY.md R2): a handled code, and on a
 * refusal a short Chinese sentence — never a 5xx, a stack trace, SQL, English, `undefined` or `null`.
 */
export interface Expectation {
  reply: ReplyKind;
  /** Codes a handled answer may carry. */
  allowed: readonly number[];
  /** The contract refuses the input, so the answer must be exactly that: code 400. */
  refused: boolean;
  /** Texts of the input, which a message may quote back (`设备IMEI/SN已存在：…`). */
  echoes: readonly string[];
}

const CJK = /[\u3400-\u9fff]/;
const LEAKS: [RegExp, string][] = [
  [/\bundefined\b|\bnull\b|\bNaN\b|\[object \w+\]/, 'a programming value'],
  [/\n\s+at |\.(?:ts|js|mjs|cjs):\d+|\b\w*Error\b/, 'a stack trace'],
  [
    /\b(?:select|insert into|update \w+ set|delete from|where|relation|column|syntax|violates|constraint|duplicate key|pg_\w+)\b/i,
    'SQL',
  ],
  [
    /\b(?:expected|received|invalid|required|must|failed|failure|cannot|unexpected|property|string|number|boolean|array|too (?:big|small|large|long))\b/i,
    'English',
  ],
];

/** Everything wrong with an answer, as sentences; empty when it is what a person expects. */
export function problemsOf(response: Response, expectation: Expectation): string[] {
  if (response.statusCode >= 500) return [`HTTP ${response.statusCode}: ${response.body.slice(0, 300)}`];
  const type = String(response.headers['content-type'] ?? '');
  // A downloaded file: a spreadsheet, or a photo of the guard app.
  const isFile = type === XLSX_TYPE || type.startsWith('image/');
  if (expectation.reply === 'file' && response.statusCode === 200 && isFile) {
    return expectation.refused ? ['a refused input downloaded a file'] : [];
  }
  let body: Record<string, unknown>;
  try {
    body = response.json();
  } catch {
    return [`not JSON (HTTP ${response.statusCode}, ${type}): ${response.body.slice(0, 200)}`];
  }
  if (expectation.reply === 'upload' && 'errCode' in body) return uploadProblems(body, expectation);
  return envelopeProblems(body, expectation);
}

function envelopeProblems(body: Record<string, unknown>, expectation: Expectation): string[] {
  const { code, msg, data } = body;
  if (typeof code !== 'number' || typeof msg !== 'string' || !('data' in body)) {
    return [`not an envelope: ${JSON.stringify(body).slice(0, 200)}`];
  }
  const problems: string[] = [];
  if (!expectation.allowed.includes(code)) problems.push(`code ${code} (${msg})`);
  if (expectation.refused && code !== 400) problems.push(`code ${code} for an input the contract refuses`);
  if (code !== 200) {
    problems.push(...messageProblems(msg, expectation.echoes));
    if (data !== null) problems.push(`data ${JSON.stringify(data).slice(0, 100)} on a refusal`);
  }
  // The reasons a batch gives for the records or rows it refused are messages too.
  for (const reason of reasonsIn(data)) problems.push(...messageProblems(reason, expectation.echoes));
  return problems;
}

function uploadProblems(body: Record<string, unknown>, expectation: Expectation): string[] {
  const { errCode, errMsg } = body;
  if (errCode === 0) return expectation.refused ? ['a refused input was stored'] : [];
  if (errCode === 500) return [`errCode 500 (${String(errMsg)})`];
  return typeof errMsg === 'string' ? messageProblems(errMsg, expectation.echoes) : ['errCode without errMsg'];
}

function messageProblems(msg: string, echoes: readonly string[]): string[] {
  if (!CJK.test(msg)) return [`message without Chinese: "${msg.slice(0, 200)}"`];
  let own = msg;
  for (const echo of [...echoes].sort((a, b) => b.length - a.length)) {
    // As sent, trimmed, upper-cased, or cut short as a refused serial number is quoted (`quoteNumber`).
    for (const variant of new Set([echo, echo.trim(), echo.trim().toUpperCase(), quoteNumber(echo)])) {
      if (variant.length > 0) own = own.split(variant).join('');
    }
  }
  return LEAKS.filter(([pattern]) => pattern.test(own)).map(([, what]) => `${what} in "${msg.slice(0, 200)}"`);
}

/** The `reason` texts anywhere in a reply's data (`rejected`, `failSNList`, `failList`). */
function reasonsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(reasonsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'reason' && typeof inner === 'string' ? [inner] : reasonsIn(inner),
  );
}

/** Every text inside a value, for `echoes`. */
export function textsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...textsIn(inner)]);
  }
  return [];
}
