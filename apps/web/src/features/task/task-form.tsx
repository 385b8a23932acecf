import type { DeviceOption, RoadOption, TaskRow } from '@guard-tour/contract';
import { App, Form } from 'antd';
import { useMemo } from 'react';
import { DetailPending, FormDialog } from '../../components/form-dialog';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useSaveForm } from '../../components/use-save-form';
import { useCan } from '../../api/use-can';
import { useRoadOptions, useShiftOptions } from '../../components/use-options';
import { useDeviceOptions, useSaveTask, useTaskDetail } from './api';
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
  const holdId = Form.useWatch('holdId', form) ?? initialValues?.holdId;
  const roadOptions = useRoadOptions(holdId);
  const deviceOptions = useDeviceOptions(holdId);
  const canShifts = useCan()('shift.view');
  const shiftOptions = useShiftOptions(holdId, canShifts);
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

  const submit = useSaveForm(save, {
    check: taskFormError,
    toInput: (values: TaskFormValues) => toSaveTaskBody(values, taskId),
    onSaved: onClose,
  });

  const body = initialValues ? (
    <TaskFormFields
      form={form}
      initialValues={initialValues}
      roads={roads}
      devices={devices}
      shifts={
        shiftOptions.data ??
        (task?.walker_mode === 'shift' && task.shift_id
          ? [{ value: task.shift_id, label: task.shift_name ?? String(task.shift_id) }]
          : [])
      }
      optionsLoading={roadOptions.isPending || deviceOptions.isPending}
      disabled={readOnly || save.isPending}
      onSubmit={submit}
      onInvalid={(text) => void message.warning(text)}
    />
  ) : (
    <DetailPending error={detail.error} />
  );

  return (
    <FormDialog
      title={TITLES[subject.mode]}
      busy={save.isPending}
      readOnly={readOnly}
      ready={initialValues !== null}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      {body}
    </FormDialog>
  );
}
