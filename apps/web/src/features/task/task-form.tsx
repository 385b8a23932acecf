import type { DeviceOption, RoadOption, TaskRow } from '@guard-tour/contract';
import { App, Button, Form, Modal, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { errorText, loadErrorText } from '../../api/client';
import { MSG } from '../../api/messages';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useDeviceOptions, useRoadOptions, useSaveTask, useTaskDetail } from './api';
import { TaskFormFields } from './task-form-fields';
import { newTaskValues, taskFormError, taskValuesOf, toSaveTaskBody, type TaskFormValues } from './task-form-values';

/** What the dialog was opened for: a new task of an organisation, or a task to edit or look at. */
export type TaskDialogSubject = { mode: 'add'; holdId: number | undefined } | { mode: 'edit' | 'view'; row: TaskRow };

const TITLES = { add: '新增任务', edit: '编辑任务', view: '查看任务' } as const;

/** The task's own road and device stay choosable even when the options lack them. */
function withOwn<T>(options: T[] | undefined, own: T | null, same: (a: T, b: T) => boolean): T[] {
  const list = options ?? [];
  return own && !list.some((item) => same(item, own)) ? [...list, own] : list;
}

interface TaskFormProps {
  subject: TaskDialogSubject;
  onClose: () => void;
}

/** 新增 / 编辑 / 查看 a task (800px dialog): a new one starts cleared, an existing one is read afresh first. */
export function TaskForm({ subject, onClose }: TaskFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TaskFormValues>();
  const taskId = subject.mode === 'add' ? 0 : subject.row.task_id;
  const readOnly = subject.mode === 'view';
  const detail = useTaskDetail(taskId);
  const task = detail.data;
  const initialValues = useMemo(
    () => (subject.mode === 'add' ? newTaskValues(subject.holdId) : task ? taskValuesOf(task) : null),
    [subject, task],
  );
  const holdId = Form.useWatch('hold_id', form) ?? initialValues?.hold_id;
  const roadOptions = useRoadOptions(holdId);
  const deviceOptions = useDeviceOptions(holdId);
  useLoadErrorMessage(roadOptions, deviceOptions);
  const roads = useMemo(
    () =>
      withOwn<RoadOption>(
        roadOptions.data,
        task?.road_id ? { road_id: task.road_id, road_name: task.road_name } : null,
        (a, b) => a.road_id === b.road_id,
      ),
    [roadOptions.data, task],
  );
  const devices = useMemo(
    () =>
      withOwn<DeviceOption>(
        deviceOptions.data,
        task?.object_id
          ? { object_id: task.object_id, object_name: task.device_name, device_no: task.device_no }
          : null,
        (a, b) => a.object_id === b.object_id,
      ),
    [deviceOptions.data, task],
  );
  const save = useSaveTask();

  const submit = (values: TaskFormValues) => {
    const problem = taskFormError(values);
    if (problem) {
      void message.warning(problem);
      return;
    }
    save.mutate(toSaveTaskBody(values, taskId), {
      onSuccess: () => {
        void message.success(MSG.saved);
        onClose();
      },
      onError: (error) => void message.error(errorText(error, MSG.saveFailed)),
    });
  };

  let body;
  if (taskId > 0 && detail.isError) {
    body = <Result status="error" title={MSG.loadFailed} subTitle={loadErrorText(detail.error)} />;
  } else if (!initialValues) {
    body = <Spin style={{ display: 'block', padding: 48 }} />;
  } else {
    body = (
      <TaskFormFields
        form={form}
        initialValues={initialValues}
        roads={roads}
        devices={devices}
        optionsLoading={roadOptions.isPending || deviceOptions.isPending}
        disabled={readOnly || save.isPending}
        onSubmit={submit}
        onInvalid={(text) => void message.warning(text)}
      />
    );
  }

  return (
    <Modal
      open
      title={TITLES[subject.mode]}
      width={800}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        readOnly ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={save.isPending} disabled={!initialValues} onClick={() => form.submit()}>
              确定
            </Button>
          </>
        )
      }
    >
      {body}
    </Modal>
  );
}
