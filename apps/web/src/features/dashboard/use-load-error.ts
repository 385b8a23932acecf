import { App } from 'antd';
import { useEffect } from 'react';
import { ApiError, loadErrorText } from '@guard-tour/client/browser';

/** One message key for the whole screen: four queries failing together say it once, not four times. */
const MESSAGE_KEY = 'dashboard-load-error';

/**
 * A failed load says 错了哦，接口出错！ with the reason (spec section 8). An expired session has already
 * gone to the login page, and a cancelled request is no failure.
 */
export function useLoadError(error: unknown, updatedAt: number): void {
  const { message } = App.useApp();
  useEffect(() => {
    if (!error || (error instanceof ApiError && (error.kind === 'unauthenticated' || error.kind === 'aborted'))) return;
    void message.error({ key: MESSAGE_KEY, content: loadErrorText(error) });
  }, [error, updatedAt, message]);
}
