import type { UseMutationResult } from '@tanstack/react-query';
import { App } from 'antd';
import { errorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';

interface SaveFormSteps<V, I> {
  /** The first thing that stops the save, in the spec's words (section 5), or null. */
  check: (values: V) => string | null;
  /** The form's values → the save call's body. */
  toInput: (values: V) => I;
  /** After 恭喜你，提交成功！: close the dialog, or ask what next. */
  onSaved: () => void;
}

/**
 * A form's 确定: its own check first (a warning, nothing sent), then the save call; 恭喜你，提交成功！ on
 * success, the server's reason (or 出错了！) when it refuses. Lists refresh through the mutation itself.
 */
export function useSaveForm<V, I>(
  save: UseMutationResult<unknown, Error, I>,
  { check, toInput, onSaved }: SaveFormSteps<V, I>,
): (values: V) => void {
  const { message } = App.useApp();
  return (values: V) => {
    const problem = check(values);
    if (problem) {
      void message.warning(problem);
      return;
    }
    save.mutate(toInput(values), {
      onSuccess: () => {
        void message.success(MSG.saved);
        onSaved();
      },
      onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
    });
  };
}
