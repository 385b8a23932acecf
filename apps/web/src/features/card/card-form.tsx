import type { CardRow } from '@guard-tour/contract';
import { Col, Form } from 'antd';
import { EditDialog, holdIdOf, RemarkItem, rowOf, useEditForm, type EditSubject } from '../../components/edit-dialog';
import { SERIAL_NUMBER_HINT, TextItem } from '../../components/form-items';
import { HoldItem } from '../../components/hold-select';
import { useCan } from '../../api/use-can';
import { ChecklistSelect } from '../../components/checklist-select';
import { useSaveCard } from './api';
import { PositionFields } from './position-fields';
import { cardFormError, cardValuesOf, newCardValues, toSaveCardInput, type CardFormValues } from './card-form-values';

/** What the dialog was opened for: a row to edit, or a new patrol point in an organisation. */
export type CardDialogSubject = EditSubject<CardRow>;

interface CardFormProps {
  subject: CardDialogSubject;
  onClose: () => void;
}

/** 录入 / 编辑 a patrol point (800px dialog). */
export function CardForm({ subject, onClose }: CardFormProps) {
  const row = rowOf(subject);
  const patrolId = row?.patrol_id ?? 0;
  // Changing a point's checklist needs checklist.edit (INSPECTION.md); without it the save leaves it as it is.
  const canSetChecklist = useCan()('checklist.edit');
  const dialog = useEditForm(
    useSaveCard(),
    {
      initial: (): CardFormValues & { checklist_id: number } => ({
        ...(row ? cardValuesOf(row) : newCardValues(holdIdOf(subject))),
        checklist_id: row?.checklist_id ?? 0,
      }),
      check: cardFormError,
      // The point's checklist (INSPECTION.md): 0 for none.
      toInput: (values: CardFormValues & { checklist_id?: number }) => ({
        ...toSaveCardInput(values, patrolId),
        ...(canSetChecklist ? { checklist_id: values.checklist_id ?? 0 } : {}),
      }),
    },
    onClose,
  );

  return (
    <EditDialog title={patrolId === 0 ? '录入巡检点' : '编辑巡检点'} {...dialog}>
      <Col span={12}>
        <HoldItem />
      </Col>
      <TextItem label="卡编号" name="patrol_sn" max={32} placeholder={SERIAL_NUMBER_HINT} required />
      <TextItem label="巡检点名称" name="patrol_name" max={50} />
      <TextItem label="位置" name="location" max={100} />
      {canSetChecklist && (
        <Col span={12}>
          <Form.Item label="检查表" name="checklist_id" tooltip="巡检员打卡后需逐项填写的检查项">
            <ChecklistSelect />
          </Form.Item>
        </Col>
      )}
      <PositionFields patrolId={patrolId} />
      <Col span={24}>
        <RemarkItem />
      </Col>
    </EditDialog>
  );
}
