import { App } from 'antd';
import { useEffect } from 'react';
import { ApiError, loadErrorText } from '@guard-tour/client/browser';

interface LoadState {
  error: unknown;
  errorUpdatedAt: number;
}

/**
 * Queries outside a paged list (options, details) that fail say 错了哦，接口出错！ with the reason
 * (spec section 8), once per failure. An expired session has already gone to login; a cancel is no failure.
 */
export function useLoadErrorMessage(...queries: LoadState[]): void {
  const { message } = App.useApp();
  const failed = queries.find(
    ({ error }) =>
      error && !(error instanceof ApiError && (error.kind === 'unauthenticated' || error.kind === 'aborted')),
  );
  const error = failed?.error;
  const updatedAt = failed?.errorUpdatedAt ?? 0;
  useEffect(() => {
    if (error) void message.error(loadErrorText(error));
  }, [error, updatedAt, message]);
}
