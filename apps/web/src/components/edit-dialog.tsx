import { Form, Input, Row, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { DIALOG_FORM_LAYOUT, FormDialog } from './form-dialog';

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
