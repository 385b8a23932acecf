import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CheckItemKind, type ChecklistItem, type SaveChecklistInput } from '@guard-tour/contract';
import { App, Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { CHECK_ITEM_KIND_TEXT } from '../../components/check-item-kinds';
import { HoldSelect } from '../../components/hold-select';
import { useChecklistDetail, useSaveChecklist } from './api';

interface ItemValues {
  item_id?: number;
  text: string;
  kind: number;
  required: boolean;
  critical: boolean;
  unit?: string;
  min?: number | null;
  max?: number | null;
  options?: { text: string; abnormal: boolean }[];
}
interface Values {
  holdId: number | undefined;
  checklist_name: string;
  items: ItemValues[];
}

const KIND_OPTIONS = Object.entries(CHECK_ITEM_KIND_TEXT).map(([value, label]) => ({ value: Number(value), label }));
const NEW_ITEM: ItemValues = { text: '', kind: CheckItemKind.normal, required: true, critical: false };

function itemValues(item: ChecklistItem): ItemValues {
  return { ...item, options: item.options.map((o) => ({ ...o })) };
}

/** The form's values → Save's body. */
export function toSaveChecklist(values: Values, checklistId: number): SaveChecklistInput {
  return {
    checklist_id: checklistId,
    holdId: values.holdId ?? 0,
    checklist_name: values.checklist_name?.trim() ?? '',
    items: (values.items ?? []).map((item) => ({
      ...(item.item_id ? { item_id: item.item_id } : {}),
      text: item.text?.trim() ?? '',
      kind: item.kind,
      required: item.required !== false,
      critical: item.critical === true,
      ...(item.kind === CheckItemKind.number
        ? { unit: item.unit ?? '', min: item.min ?? null, max: item.max ?? null }
        : {}),
      ...(item.kind === CheckItemKind.choice ? { options: item.options ?? [] } : {}),
    })),
  };
}

/** One item of the editor: text, kind, required, critical, and by kind the unit and range or the options. */
function ItemEditor({ name, onRemove }: { name: number; onRemove: () => void }) {
  const kind = Form.useWatch(['items', name, 'kind']) as number | undefined;
  return (
    <Card size="small" style={{ marginBottom: 8 }} aria-label={`检查项 ${name + 1}`}>
      <Row gutter={8} align="middle">
        <Col span={10}>
          <Form.Item name={[name, 'text']} label={`第 ${name + 1} 项`} style={{ marginBottom: 8 }}>
            <Input maxLength={100} placeholder="检查内容，如：消防门是否关闭" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={[name, 'kind']} label="类型" style={{ marginBottom: 8 }}>
            <Select options={KIND_OPTIONS} aria-label="检查类型" />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name={[name, 'required']} valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>必填</Checkbox>
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name={[name, 'critical']} valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>关键</Checkbox>
          </Form.Item>
        </Col>
        <Col span={2}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除检查项" onClick={onRemove} />
        </Col>
      </Row>
      {kind === CheckItemKind.number && (
        <Row gutter={8}>
          <Col span={6}>
            <Form.Item name={[name, 'unit']} label="单位" style={{ marginBottom: 0 }}>
              <Input maxLength={20} placeholder="如 MPa" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={[name, 'min']} label="最小值" style={{ marginBottom: 0 }}>
              <InputNumber style={{ width: '100%' }} placeholder="不限" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={[name, 'max']} label="最大值" style={{ marginBottom: 0 }}>
              <InputNumber style={{ width: '100%' }} placeholder="不限" />
            </Form.Item>
          </Col>
        </Row>
      )}
      {kind === CheckItemKind.choice && (
        <Form.List name={[name, 'options']}>
          {(fields, { add, remove }) => (
            <Flex vertical gap={4}>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="center">
                  <Form.Item name={[field.name, 'text']} style={{ marginBottom: 0, flex: 1 }}>
                    <Input maxLength={50} placeholder={`选项 ${field.name + 1}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'abnormal']} valuePropName="checked" style={{ marginBottom: 0 }}>
                    <Switch
                      checkedChildren="异常"
                      unCheckedChildren="正常"
                      aria-label={`选项 ${field.name + 1} 异常`}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label="删除选项"
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button size="small" icon={<PlusOutlined />} onClick={() => add({ text: '', abnormal: false })}>
                添加选项
              </Button>
            </Flex>
          )}
        </Form.List>
      )}
    </Card>
  );
}

interface ChecklistFormProps {
  checklistId: number;
  holdId: number | undefined;
  onClose: () => void;
}

/** 新增 / 编辑 a template: its organisation, name and items (the item editor). */
export function ChecklistForm({ checklistId, holdId, onClose }: ChecklistFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const detail = useChecklistDetail(checklistId);
  const save = useSaveChecklist();
  useEffect(() => {
    if (checklistId === 0) {
      form.setFieldsValue({ holdId, checklist_name: '', items: [{ ...NEW_ITEM }] });
    } else if (detail.data) {
      form.setFieldsValue({
        holdId: detail.data.hold_id,
        checklist_name: detail.data.checklist_name,
        items: detail.data.items.map(itemValues),
      });
    }
  }, [checklistId, detail.data, form, holdId]);

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    try {
      await save.mutateAsync(toSaveChecklist(values, checklistId));
      void message.success('保存成功');
      onClose();
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Modal
      open
      width={860}
      title={checklistId === 0 ? '新增检查表' : '编辑检查表'}
      okText="保存"
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="所属组织" name="holdId" required>
              <HoldSelect />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="检查表名称" name="checklist_name" required>
              <Input maxLength={50} placeholder="如：泵房日常检查" />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <ItemEditor key={field.key} name={field.name} onRemove={() => remove(field.name)} />
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_ITEM })} block type="dashed">
                添加检查项
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
