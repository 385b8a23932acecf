import type { LoginResult, SessionInfo } from '@guard-tour/contract';

/**
 * The signed-in session, kept in localStorage (the spec: the bearer token comes from local storage).
 * A tiny external store so React reads it with useSyncExternalStore and the HTTP client reads it directly.
 */
const TOKEN_KEY = 'gt.token';
const INFO_KEY = 'gt.session';
const REMEMBER_KEY = 'gt.rememberAccount';

export interface Session {
  token: string;
  info: SessionInfo | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;

function readInfo(): SessionInfo | null {
  const raw = localStorage.getItem(INFO_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'userName' in value) return value as SessionInfo;
  } catch {
    // A damaged entry is treated as missing; checktoken refills it.
  }
  return null;
}

function emit(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (cached === undefined) {
    const token = localStorage.getItem(TOKEN_KEY);
    cached = token ? { token, info: readInfo() } : null;
  }
  return cached;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startSession(result: LoginResult): void {
  const { token, ...info } = result;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(INFO_KEY, JSON.stringify(info));
  emit();
}

/** Refreshes what the session knows about the user (checktoken, a password change). */
export function updateSessionInfo(patch: Partial<SessionInfo>): void {
  const current = getSession();
  if (!current) return;
  const base = current.info ?? {
    userName: '',
    trueName: '',
    userType: 0,
    serviceEnd: '',
    defaultPassword: false,
  };
  localStorage.setItem(INFO_KEY, JSON.stringify({ ...base, ...patch }));
  emit();
}

/** Forgets the token and the per-session UI state (open tabs live in sessionStorage). */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(INFO_KEY);
  sessionStorage.clear();
  emit();
}

/** Remember-me keeps only the account name: the password is never stored in the browser. */
export function getRememberedAccount(): string | null {
  return localStorage.getItem(REMEMBER_KEY);
}

export function setRememberedAccount(account: string | null): void {
  if (account) localStorage.setItem(REMEMBER_KEY, account);
  else localStorage.removeItem(REMEMBER_KEY);
}

// Another browser tab logging in or out changes the session here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === INFO_KEY) emit();
  });
}
