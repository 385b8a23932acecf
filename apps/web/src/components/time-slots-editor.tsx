import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { generateSlots, type TimeSlot } from '@guard-tour/contract';
import { Button, Input, InputNumber, Popover, Space, Typography } from 'antd';
import { useState } from 'react';

interface TimeSlotsEditorProps {
  /** The day's windows (a Form.Item control); empty: the whole day. */
  value?: TimeSlot[];
  onChange?: (value: TimeSlot[]) => void;
  disabled?: boolean;
  id?: string;
}

/** 按间隔生成: from, to, every N minutes, each lasting M (SHIFTS.md); replaces the list. */
function IntervalGenerator({ onGenerate }: { onGenerate: (slots: TimeSlot[]) => void }) {
  const [from, setFrom] = useState('22:00');
  const [to, setTo] = useState('06:00');
  const [every, setEvery] = useState<number | null>(120);
  const [lasting, setLasting] = useState<number | null>(60);
  const slots = generateSlots(from, to, every ?? 0, lasting ?? 0);
  return (
    <Space direction="vertical" size="small" style={{ width: 300 }}>
      <Space>
        <span>从</span>
        <Input aria-label="生成开始" value={from} onChange={(e) => setFrom(e.target.value)} style={{ width: 80 }} />
        <span>到</span>
        <Input aria-label="生成结束" value={to} onChange={(e) => setTo(e.target.value)} style={{ width: 80 }} />
      </Space>
      <Space>
        <span>每隔</span>
        <InputNumber aria-label="间隔分钟" min={10} max={1440} value={every} onChange={setEvery} />
        <span>分钟</span>
      </Space>
      <Space>
        <span>每次持续</span>
        <InputNumber aria-label="持续分钟" min={10} max={1440} value={lasting} onChange={setLasting} />
        <span>分钟</span>
      </Space>
      <Typography.Text type="secondary">将生成 {slots.length} 个时段（替换现有时段）</Typography.Text>
      <Button type="primary" size="small" disabled={slots.length === 0} onClick={() => onGenerate(slots)}>
        生成
      </Button>
    </Space>
  );
}

/** The slot list of a road or task: add, remove, each a time range HH:mm–HH:mm, and 按间隔生成. */
export function TimeSlotsEditor({ value = [], onChange, disabled, id }: TimeSlotsEditorProps) {
  const [generating, setGenerating] = useState(false);
  const change = (index: number, field: keyof TimeSlot, text: string) =>
    onChange?.(value.map((slot, i) => (i === index ? { ...slot, [field]: text.trim() } : slot)));
  return (
    <Space direction="vertical" size="small" id={id} style={{ width: '100%' }}>
      {value.length === 0 && <Typography.Text type="secondary">未设时段：全天巡检</Typography.Text>}
      {value.map((slot, index) => (
        <Space key={index} data-testid="time-slot">
          <span style={{ display: 'inline-block', width: 48 }}>时段{index + 1}</span>
          <Input
            aria-label={`时段${index + 1}开始`}
            value={slot.start_time}
            placeholder="08:00"
            maxLength={5}
            disabled={disabled}
            onChange={(e) => change(index, 'start_time', e.target.value)}
            style={{ width: 90 }}
          />
          <span>至</span>
          <Input
            aria-label={`时段${index + 1}结束`}
            value={slot.end_time}
            placeholder="09:00"
            maxLength={5}
            disabled={disabled}
            onChange={(e) => change(index, 'end_time', e.target.value)}
            style={{ width: 90 }}
          />
          <Button
            aria-label={`删除时段${index + 1}`}
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Space>
        <Button
          icon={<PlusOutlined />}
          disabled={disabled || value.length >= 48}
          onClick={() => onChange?.([...value, { start_time: '', end_time: '' }])}
        >
          添加时段
        </Button>
        <Popover
          trigger="click"
          open={generating && !disabled}
          onOpenChange={setGenerating}
          title="按间隔生成"
          content={
            <IntervalGenerator
              onGenerate={(slots) => {
                onChange?.(slots);
                setGenerating(false);
              }}
            />
          }
        >
          <Button icon={<ThunderboltOutlined />} disabled={disabled}>
            按间隔生成
          </Button>
        </Popover>
      </Space>
    </Space>
  );
}
