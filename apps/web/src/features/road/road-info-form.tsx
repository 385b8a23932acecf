import type { RoadRow } from '@guard-tour/contract';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { RemarkItem } from '../../components/edit-dialog';
import { DetailPending, DIALOG_FORM_LAYOUT, FormDialog } from '../../components/form-dialog';
import { withGrace } from '../../components/grace';
import { GraceItem } from '../../components/grace-item';
import { HoldItem } from '../../components/hold-select';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useSaveForm } from '../../components/use-save-form';
import { useCardOptions, useRoadInfo, useSaveRoadInfo } from './api';
import { cardChoices } from './road-choices';
import {
  boundCardsOf,
  newRoadInfoValues,
  roadInfoFormError,
  roadInfoValuesOf,
  toSaveRoadInfoBody,
  type RoadInfoValues,
} from './road-info-values';
import { OrderedTransfer } from './ordered-transfer';

/** What the dialog was opened for: a new road of an organisation, or a road to edit or just look at. */
export type RoadInfoDialogSubject =
  { mode: 'add'; holdId: number | undefined } | { mode: 'edit' | 'view'; row: RoadRow };

const TITLES = { add: '新增线路', edit: '编辑线路', view: '查看线路' } as const;

interface RoadInfoFormProps {
  subject: RoadInfoDialogSubject;
  onClose: () => void;
}

/** 新增 / 编辑 / 查看 a road of 线路管理 (800px dialog): name, points by transfer list, remark. */
export function RoadInfoForm({ subject, onClose }: RoadInfoFormProps) {
  const [form] = Form.useForm<RoadInfoValues>();
  const roadId = subject.mode === 'add' ? 0 : subject.row.road_id;
  const readOnly = subject.mode === 'view';
  // Edit and view read the road afresh before showing it.
  const detail = useRoadInfo(roadId);
  const initialValues = useMemo(
    () =>
      subject.mode === 'add' ? newRoadInfoValues(subject.holdId) : detail.data ? roadInfoValuesOf(detail.data) : null,
    [subject, detail.data],
  );
  const holdId = Form.useWatch('holdId', form) ?? initialValues?.holdId;
  const options = useCardOptions(holdId);
  useLoadErrorMessage(options);
  const bound = useMemo(() => boundCardsOf(detail.data), [detail.data]);
  const choices = useMemo(() => cardChoices(options.data ?? [], bound), [options.data, bound]);
  const save = useSaveRoadInfo();

  const submit = useSaveForm(save, {
    check: roadInfoFormError,
    toInput: (values: RoadInfoValues) => toSaveRoadInfoBody(values, roadId, [...(options.data ?? []), ...bound]),
    onSaved: onClose,
  });

  const body = initialValues ? (
    <Form<RoadInfoValues>
      form={form}
      initialValues={withGrace(initialValues)}
      onFinish={submit}
      // Points belong to an organisation: another organisation starts with none chosen.
      onValuesChange={(changed) => {
        if ('holdId' in changed) form.setFieldValue('card_ids', []);
      }}
      disabled={readOnly || save.isPending}
      {...DIALOG_FORM_LAYOUT}
    >
      <HoldItem />
      <Form.Item label="线路名称" name="road_name" required>
        <Input maxLength={50} placeholder="请输入线路名称" />
      </Form.Item>
      <Form.Item label="巡检点" name="card_ids" required extra={readOnly ? undefined : '按选入的先后排序，即巡检顺序'}>
        <OrderedTransfer
          label="巡检点"
          titles={['可选巡检点', '已选巡检点']}
          choices={choices}
          loading={options.isPending}
          numbered
        />
      </Form.Item>
      <GraceItem />
      <RemarkItem counted={!readOnly} />
    </Form>
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
