import { HAZARD_STATE_TEXT, HazardState, type HazardState as State } from '@guard-tour/contract';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { useCan } from '../../api/use-can';
import { PhotoThumbs } from '../../components/photo-thumbs';
import { useAccountOptions } from '../../components/use-options';
import { useHazardDetail, useMoveHazard, type HazardAction } from './api';
import { HazardLevelTag, HazardStateTag } from './hazard-tags';

type Move = HazardAction['move'];
const MOVE_TEXT: Record<Move, string> = {
  assign: '指派',
  ignore: '忽略',
  fix: '提交整改',
  verify: '复核通过',
  reject: '退回',
};

/** The dialog of one move: a note (required for 忽略), and for 指派 the assignee and the deadline. */
function MoveDialog({
  move,
  hazardId,
  holdId,
  onClose,
}: {
  move: Move;
  hazardId: number;
  holdId: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note?: string; user_id?: number; deadline?: Dayjs }>();
  const mutation = useMoveHazard();
  const accounts = useAccountOptions(move === 'assign' ? holdId : undefined);
  const submit = async () => {
    const values = form.getFieldsValue();
    const note = values.note?.trim() ?? '';
    const action: HazardAction =
      move === 'assign'
        ? {
            move,
            input: {
              hazard_id: hazardId,
              note,
              user_id: values.user_id ?? 0,
              deadline: values.deadline ? values.deadline.format('YYYY-MM-DD HH:mm') : '',
            },
          }
        : move === 'fix'
          ? { move, input: { hazard_id: hazardId, note } }
          : { move, input: { hazard_id: hazardId, note } };
    try {
      await mutation.mutateAsync(action);
      void message.success(`${MOVE_TEXT[move]}成功`);
      onClose();
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return (
    <Modal
      open
      title={MOVE_TEXT[move]}
      okText="确定"
      onOk={() => void submit()}
      confirmLoading={mutation.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {move === 'assign' && (
          <>
            <Form.Item label="整改人" name="user_id" required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="请选择整改人"
                loading={accounts.isPending}
                options={(accounts.data ?? []).map((a) => ({
                  value: a.user_id,
                  label: a.true_name ? `${a.true_name}（${a.user_name}）` : a.user_name,
                }))}
              />
            </Form.Item>
            <Form.Item label="整改期限" name="deadline" required>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Form.Item label="说明" name="note" required={move === 'ignore'}>
          <Input.TextArea maxLength={200} rows={3} placeholder={move === 'ignore' ? '请填写忽略原因' : '选填'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The moves the state allows that this account may make (INSPECTION.md, the state machine). */
function movesFor(state: number, can: (key: 'hazard.assign' | 'hazard.verify') => boolean, canFix: boolean): Move[] {
  const moves: Move[] = [];
  if ((state === HazardState.pending || state === HazardState.fixing) && can('hazard.assign')) {
    moves.push('assign', 'ignore');
  }
  // 提交整改 as the server says (`can_fix`: the caller is the assignee by account id), never by a shared name.
  if (canFix) moves.push('fix');
  if (state === HazardState.review && can('hazard.verify')) moves.push('verify', 'reject');
  return moves;
}

/** A hazard's detail: what was found, where and by whom, its photos, its history, and the moves its state allows. */
export function HazardDrawer({ hazardId, onClose }: { hazardId: number; onClose: () => void }) {
  const detail = useHazardDetail(hazardId);
  const can = useCan();
  const [move, setMove] = useState<Move | null>(null);
  const row = detail.data;
  const moves = row ? movesFor(row.state, can, row.can_fix) : [];
  return (
    <Drawer open width={560} title={row ? `隐患 #${row.hazard_id}` : '隐患详情'} onClose={onClose}>
      {!row ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="巡检点">
              {row.patrol_name}（{row.patrol_sn}）
            </Descriptions.Item>
            <Descriptions.Item label="检查项">{row.item_text}</Descriptions.Item>
            <Descriptions.Item label="检查结果">
              <Typography.Text type="danger">{row.answer}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="等级">
              <HazardLevelTag level={row.level} />
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Flex gap={4}>
                <HazardStateTag state={row.state} />
                {row.overdue && <Tag color="red">已超期</Tag>}
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label="发现">
              {row.found_time} {row.found_by}
              {row.occurrences > 1 ? `（共发现 ${row.occurrences} 次，最近 ${row.last_time}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="整改人">{row.assignee_name || '—'}</Descriptions.Item>
            <Descriptions.Item label="整改期限">{row.deadline || '—'}</Descriptions.Item>
            <Descriptions.Item label="所属组织">{row.hold_name}</Descriptions.Item>
            <Descriptions.Item label="现场照片">
              {row.photo_ids.length ? <PhotoThumbs photoIds={row.photo_ids} /> : '—'}
            </Descriptions.Item>
          </Descriptions>
          {moves.length > 0 && (
            <Flex gap={8} wrap>
              {moves.map((m) => (
                <Button
                  key={m}
                  type={m === 'verify' || m === 'assign' || m === 'fix' ? 'primary' : 'default'}
                  danger={m === 'ignore' || m === 'reject'}
                  onClick={() => setMove(m)}
                >
                  {MOVE_TEXT[m]}
                </Button>
              ))}
            </Flex>
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            处理记录
          </Typography.Title>
          {row.history.length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              items={row.history.map((line, index) => ({
                key: index,
                children: (
                  <Flex vertical gap={2} aria-label="处理记录">
                    <Typography.Text>
                      {line.time} {line.actor}{' '}
                      {line.from_state === null
                        ? '发现隐患'
                        : `${HAZARD_STATE_TEXT[line.from_state as State]} → ${HAZARD_STATE_TEXT[line.to_state as State]}`}
                    </Typography.Text>
                    {line.note && <Typography.Text type="secondary">{line.note}</Typography.Text>}
                    {line.photo_ids.length > 0 && <PhotoThumbs photoIds={line.photo_ids} />}
                  </Flex>
                ),
              }))}
            />
          )}
        </Flex>
      )}
      {move && row && (
        <MoveDialog move={move} hazardId={row.hazard_id} holdId={row.hold_id} onClose={() => setMove(null)} />
      )}
    </Drawer>
  );
}
