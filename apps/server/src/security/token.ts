import { hash, randomBytes } from 'node:crypto';

/** A new random 256-bit token; the server keeps only its hash. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The token's SHA-256 in hex, what the sessions table keeps; asked by every request (the one-shot hash: no Hash object). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
