import type { UseMutationResult } from '@tanstack/react-query';
import { Form, Input, Row, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { DIALOG_FORM_LAYOUT, FormDialog } from './form-dialog';
import { useSaveForm } from './use-save-form';

/** What a 新增 / 编辑 dialog was opened for: a row to edit, or a new object in an organisation. */
export type EditSubject<R> = { row: R } | { holdId: number | undefined };

/** The row a dialog edits, or undefined for a new object. */
export function rowOf<R>(subject: EditSubject<R> | { parentId: number | undefined }): R | undefined {
  return 'row' in subject ? subject.row : undefined;
}

/** The organisation a new object goes to (the one picked in the tree), or undefined. */
export function holdIdOf<R>(subject: EditSubject<R>): number | undefined {
  return 'holdId' in subject ? subject.holdId : undefined;
}

interface EditFormSteps<V, I> {
  /** The values the form opens with (read once). */
  initial: () => V;
  /** The first thing that stops the save, in the spec's words, or null. */
  check: (values: V) => string | null;
  /** The form's values → the save call's body. */
  toInput: (values: V) => I;
}

/** Everything an EditDialog needs but its title and fields: the form, its first values, 确定's save, 取消. */
export function useEditForm<V extends object, I>(
  save: UseMutationResult<unknown, Error, I>,
  { initial, check, toInput }: EditFormSteps<V, I>,
  onClose: () => void,
) {
  const [form] = Form.useForm<V>();
  const [initialValues] = useState(initial);
  const onSubmit = useSaveForm(save, { check, toInput, onSaved: onClose });
  return { form, initialValues, onSubmit, saving: save.isPending, onClose };
}

interface EditDialogProps<V> {
  title: string;
  form: FormInstance<V>;
  initialValues: V;
  onSubmit: (values: V) => void;
  saving: boolean;
  onClose: () => void;
  /** The fields, as columns of one row. */
  children: ReactNode;
}

/** A 新增 / 编辑 dialog whose fields are known at once: the form in two columns, 取消 and 确定. */
export function EditDialog<V extends object>(props: EditDialogProps<V>) {
  const { title, form, initialValues, onSubmit, saving, onClose, children } = props;
  return (
    <FormDialog title={title} busy={saving} onOk={() => form.submit()} onClose={onClose}>
      <Form<V> form={form} initialValues={initialValues} onFinish={onSubmit} disabled={saving} {...DIALOG_FORM_LAYOUT}>
        <Row gutter={16}>{children}</Row>
      </Form>
    </FormDialog>
  );
}

/** 备注: the remark every object carries, up to 200 characters. */
export function RemarkItem({ counted = true }: { counted?: boolean }) {
  return (
    <Form.Item label="备注" name="remark">
      <Input.TextArea rows={3} maxLength={200} showCount={counted} />
    </Form.Item>
  );
}
