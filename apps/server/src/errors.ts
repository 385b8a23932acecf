import { ResultCode } from '@guard-tour/contract';

/**
 * A refusal with a business code and a Chinese message a person can act on, thrown from rules, services and the
 * database helpers alike; the HTTP error handler (http/error-handler.ts) replies with it.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalid = (msg: string) => new AppError(ResultCode.invalid, msg);
export const unauthenticated = (msg = '登录已失效，请重新登录') => new AppError(ResultCode.unauthenticated, msg);
export const forbidden = (msg = '没有权限访问该组织的数据') => new AppError(ResultCode.forbidden, msg);
export const notFound = (msg = '数据不存在或已删除') => new AppError(ResultCode.notFound, msg);
export const conflict = (msg: string) => new AppError(ResultCode.conflict, msg);
export const tooManyAttempts = (msg: string) => new AppError(ResultCode.tooManyAttempts, msg);
