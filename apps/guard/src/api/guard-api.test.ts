import { guardAppMessages, roleMessages } from '@guard-tour/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, isPermanent, isPhoneRefused, isPhotoRefused, isSessionEnded, needsRegistration } from './guard-api';

const refused = (code: number, message: string) => new ApiError('server', message, code);

/** What the app does with the server's refusals of its phone and photos (ROLES.md). */
describe('the server’s refusals', () => {
  it('sends the guard back to log in only when this session may not use the phone', () => {
    expect(isPhoneRefused(refused(403, roleMessages.otherDevice))).toBe(true);
    expect(isPhoneRefused(refused(403, guardAppMessages.registerFirst))).toBe(false);
    expect(isPhoneRefused(refused(403, guardAppMessages.photoNotYours))).toBe(false);
    expect(isPhoneRefused(refused(400, '每次最多上传 1000 条记录'))).toBe(false);
    // A deleted phone ends the session itself.
    expect(isSessionEnded(new ApiError('unauthenticated', '登录已失效，请重新登录', 401))).toBe(true);
    expect(isSessionEnded(refused(403, roleMessages.otherDevice))).toBe(false);
  });

  it('registers the phone when the session has not, and uploads refused photos again', () => {
    expect(needsRegistration(refused(403, guardAppMessages.registerFirst))).toBe(true);
    expect(isPhotoRefused(refused(403, guardAppMessages.photoNotYours))).toBe(true);
    expect(isPhotoRefused(refused(403, guardAppMessages.photoUsed))).toBe(true);
    expect(isPhotoRefused(refused(403, roleMessages.otherDevice))).toBe(false);
  });

  it('keeps a photo refused for being sent too often, and drops one that is not an image', () => {
    expect(isPermanent(refused(429, '上传照片过于频繁，请稍后再试'))).toBe(false);
    expect(isPermanent(refused(401, '登录已失效，请重新登录'))).toBe(false);
    expect(isPermanent(refused(400, guardAppMessages.photoNotImage))).toBe(true);
  });
});
