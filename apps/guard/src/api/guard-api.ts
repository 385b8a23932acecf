import {
  guardAppCalls,
  guardAppMessages,
  ResultCode,
  type AppPunchRecord,
  type AppRound,
  type LoginResult,
} from '@guard-tour/contract';
import { api } from './client';
import { ApiError, buildUrl, failureOf, fetchJson } from '@guard-tour/client/browser';
import type { PunchSender } from '../lib/punch-queue';

/** The guard app's calls, through @guard-tour/client as the console's (same envelope, token and messages). */
export const PHOTO_TIMEOUT_MS = 60_000;

/**
 * An app session (ROLES.md): it may use only the app's calls, and an account without 使用巡检助手 is refused with
 * 此账号没有使用巡检助手的权限, which the login screen shows as it is.
 */
export function login(user_name: string, user_password: string): Promise<LoginResult> {
  return api.auth.login({ user_name, user_password, client: 'app' }, { redirectOn401: false });
}

export const registerApp = (app_id: string) => api.guardApp.registerApp({ app_id });

/** Today's rounds of the account, and of the tasks bound to this phone. */
export const todayRounds = (device_no: string | null): Promise<AppRound[]> =>
  api.guardApp.appRounds(device_no ? { device_no } : {});

/** One photo as multipart `file` → its id on the server. */
export async function uploadPhoto(blob: Blob): Promise<number> {
  const form = new FormData();
  const type = blob.type || 'image/jpeg';
  form.append('file', blob, `photo.${type.split('/')[1] ?? 'jpg'}`);
  const { status, body } = await fetchJson(
    buildUrl(guardAppCalls.uploadPhoto.path),
    { method: 'POST', body: form },
    { timeoutMs: PHOTO_TIMEOUT_MS },
  );
  const envelope = body as { code?: unknown; data?: { photo_id?: unknown } } | null;
  if (envelope?.code === ResultCode.ok && typeof envelope.data?.photo_id === 'number') return envelope.data.photo_id;
  throw failureOf(status, body);
}

/** The sender of the offline queue for this phone. */
export function senderFor(device_no: string): PunchSender {
  return {
    uploadPhoto,
    sendPunches: (records: AppPunchRecord[]) => api.guardApp.appPunches({ device_no, records }),
  };
}

/**
 * A refusal by the server (a bad photo): retrying the same bytes can never succeed. Too many photos a minute (429)
 * is not one: the photo waits for the next try.
 */
export const isPermanent = (error: unknown) =>
  error instanceof ApiError &&
  error.kind === 'server' &&
  error.code !== null &&
  error.code < 500 &&
  error.code !== ResultCode.unauthenticated &&
  error.code !== ResultCode.tooManyAttempts;

/** The server ended this session (401): the client has already cleared it. */
export const isSessionEnded = (error: unknown) =>
  error instanceof ApiError && error.code === ResultCode.unauthenticated;

const refusedWith = (error: unknown, messages: readonly string[]) =>
  error instanceof ApiError && error.code === ResultCode.forbidden && messages.includes(error.message);

/** The session has not registered this phone yet (it logged in before phones were bound to sessions). */
export const needsRegistration = (error: unknown) => refusedWith(error, [guardAppMessages.registerFirst]);

/**
 * A batch refused for its photos' ids: uploaded by another account (the guard before, on a shared phone) or already
 * on another punch. The photos are still on the phone: they are uploaded again under this account.
 */
export const isPhotoRefused = (error: unknown) =>
  refusedWith(error, [guardAppMessages.photoNotYours, guardAppMessages.photoUsed]);

/**
 * The server no longer takes this phone's punches from this session (another device number, the phone no longer
 * one): the guard logs in again, which registers the phone anew; the waiting punches stay queued meanwhile. A
 * deleted phone, or one moved out of the account's organisation, ends the session itself (401).
 */
export const isPhoneRefused = (error: unknown) =>
  error instanceof ApiError &&
  error.code === ResultCode.forbidden &&
  !needsRegistration(error) &&
  !isPhotoRefused(error);

export { ApiError };
