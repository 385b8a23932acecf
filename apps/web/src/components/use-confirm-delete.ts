import { App } from 'antd';
import { useCallback } from 'react';
import { ApiError, errorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';

export interface ConfirmDeleteOptions {
  /** What to say when the call itself failed (no answer, timeout): 巡检任务 says 处理发生异常. */
  exceptionText?: string;
}

/** True when the server never answered (network, timeout), as opposed to a refusal with a reason. */
function isException(error: unknown): boolean {
  return !(error instanceof ApiError) || error.kind === 'network' || error.kind === 'timeout';
}

/**
 * Spec section 5 and 8: a delete asks 此操作将删除该…信息, 是否继续? (title 提示), then says 已删除！,
 * or warns 删除失败！ followed by the server's reason (which names what is in the way).
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  return useCallback(
    (what: string, remove: () => Promise<unknown>, options: ConfirmDeleteOptions = {}) =>
      modal.confirm({
        title: '提示',
        content: `此操作将删除该${what}信息, 是否继续?`,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await remove();
            void message.success(MSG.deleted);
          } catch (error) {
            if (options.exceptionText && isException(error)) void message.error(options.exceptionText);
            else void message.warning(`${MSG.deleteFailed}${errorText(error, '')}`);
          }
        },
      }),
    [modal, message],
  );
}
