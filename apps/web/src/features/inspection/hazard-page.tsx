import { SearchOutlined } from '@ant-design/icons';
import { HAZARD_LEVEL_TEXT, HAZARD_STATE_TEXT, type HazardRow } from '@guard-tour/contract';
import {
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Row,
  Select,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { api } from '@guard-tour/client/api';
import { deploymentNow } from '../../api/deployment-time';
import { shown } from '../../components/cells';
import { ExportButton } from '../../components/export-button';
import { ListTable } from '../../components/list-table';
import { TreeListLayout } from '../../components/tree-list-layout';
import { usePagedList } from '../../components/use-paged-list';
import { HAZARD_LIST_KEY, hazardBody, listHazards, useHazardStats, usePointOptions } from './api';
import { HazardDrawer } from './hazard-drawer';
import { HazardLevelTag, HazardStateTag } from './hazard-tags';

const STATE_OPTIONS = Object.entries(HAZARD_STATE_TEXT).map(([value, label]) => ({ value: Number(value), label }));
const LEVEL_OPTIONS = Object.entries(HAZARD_LEVEL_TEXT).map(([value, label]) => ({ value: Number(value), label }));
const DAY = 'YYYY-MM-DD';

function columns(onOpen: (row: HazardRow) => void): TableColumnsType<HazardRow> {
  return [
    {
      title: '巡检点',
      dataIndex: 'patrol_name',
      width: 150,
      render: (_, row) => (
        <Flex vertical>
          <span>{shown(row.patrol_name)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.patrol_sn}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '检查项', dataIndex: 'item_text', width: 160 },
    {
      title: '检查结果',
      dataIndex: 'answer',
      width: 120,
      render: (v: string, row) => (
        <Flex gap={4} wrap>
          <Typography.Text type="danger">{v}</Typography.Text>
          {row.occurrences > 1 && <Tag>×{row.occurrences}</Tag>}
        </Flex>
      ),
    },
    { title: '发现时间', dataIndex: 'found_time', width: 170 },
    { title: '发现人', dataIndex: 'found_by', width: 90, render: (v: string) => shown(v) },
    { title: '等级', dataIndex: 'level', width: 70, render: (v: number) => <HazardLevelTag level={v} /> },
    {
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (v: number, row) => (
        <Flex gap={4}>
          <HazardStateTag state={v} />
          {row.overdue && <Tag color="red">超期</Tag>}
        </Flex>
      ),
    },
    { title: '整改人', dataIndex: 'assignee_name', width: 90, render: (v: string) => shown(v) },
    { title: '整改期限', dataIndex: 'deadline', width: 150, render: (v: string) => shown(v) },
    { title: '所属组织', dataIndex: 'hold_name', width: 140, render: (v: string) => shown(v) },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row)}>
          详情
        </Button>
      ),
    },
  ];
}

function HazardList({ holdId }: { holdId: number | undefined }) {
  const list = usePagedList<HazardRow>(HAZARD_LIST_KEY, listHazards, { staleTime: 0 });
  const { pickHold } = list;
  useEffect(() => {
    if (holdId !== undefined) pickHold(holdId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the tree's pick changes
  }, [holdId]);
  const [state, setState] = useState<number | undefined>();
  const [level, setLevel] = useState<number | undefined>();
  const [patrolId, setPatrolId] = useState<number | undefined>();
  const points = usePointOptions(holdId);
  const [span, setSpan] = useState<[Dayjs, Dayjs] | null>(null);
  const [overdue, setOverdue] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const filters = () => ({
    includeChildren: true,
    state: state ?? '',
    level: level ?? '',
    patrol_id: patrolId ?? '',
    start_date: span ? span[0].format(DAY) : '',
    end_date: span ? span[1].format(DAY) : '',
    overdue_only: overdue,
  });
  const { page: _p, pageSize: _s, ...exportBody } = hazardBody({ ...list.params, filters: filters() });
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" role="search">
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          style={{ width: 120 }}
          options={STATE_OPTIONS}
          value={state}
          onChange={setState}
        />
        <Select
          allowClear
          placeholder="等级"
          aria-label="等级"
          style={{ width: 100 }}
          options={LEVEL_OPTIONS}
          value={level}
          onChange={setLevel}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="巡检点"
          aria-label="巡检点"
          style={{ width: 160 }}
          loading={points.isPending}
          options={(points.data ?? []).map((p) => ({ value: p.patrol_id, label: p.patrol_name || p.patrol_sn }))}
          value={patrolId}
          onChange={setPatrolId}
        />
        <DatePicker.RangePicker
          value={span}
          onChange={(dates) => setSpan(dates && dates[0] && dates[1] ? [dates[0], dates[1]] : null)}
        />
        <Checkbox checked={overdue} onChange={(event) => setOverdue(event.target.checked)}>
          仅看超期
        </Checkbox>
        <Button type="primary" icon={<SearchOutlined />} onClick={() => list.searchWith(filters())}>
          查询
        </Button>
        <ExportButton run={async () => (await api.hazard.exportHazards(exportBody)).fileName} />
      </Flex>
      <ListTable<HazardRow>
        label="隐患列表"
        list={list}
        columns={columns((row) => setOpen(row.hazard_id))}
        rowKey="hazard_id"
        scrollX={1300}
        emptyText="暂无隐患"
      />
      {open !== null && <HazardDrawer hazardId={open} onClose={() => setOpen(null)} />}
    </Flex>
  );
}

function HazardStatsTab({ holdId }: { holdId: number | undefined }) {
  const today = deploymentNow();
  const [span, setSpan] = useState<[Dayjs, Dayjs]>([today.startOf('month'), today]);
  const stats = useHazardStats({ holdId, start_date: span[0].format(DAY), end_date: span[1].format(DAY) });
  const byState = stats.data?.by_state ?? {};
  const byLevel = stats.data?.by_level ?? {};
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" role="search">
        <DatePicker.RangePicker
          allowClear={false}
          value={span}
          onChange={(dates) => dates && dates[0] && dates[1] && setSpan([dates[0], dates[1]])}
        />
        <ExportButton
          run={async () =>
            (
              await api.hazard.exportHazards({
                holdId,
                includeChildren: true,
                start_date: span[0].format(DAY),
                end_date: span[1].format(DAY),
              })
            ).fileName
          }
        />
      </Flex>
      <Row gutter={[12, 12]}>
        {Object.entries(HAZARD_STATE_TEXT).map(([state, text]) => (
          <Col key={state} span={4}>
            <Card size="small">
              <Statistic title={text} value={byState[state] ?? 0} />
            </Card>
          </Col>
        ))}
        <Col span={4}>
          <Card size="small">
            <Statistic
              title="平均关闭时长（小时）"
              value={stats.data?.avg_close_hours ?? '—'}
              loading={stats.isPending}
            />
          </Card>
        </Col>
        {Object.entries(HAZARD_LEVEL_TEXT).map(([level, text]) => (
          <Col key={level} span={4}>
            <Card size="small">
              <Statistic title={`${text}隐患`} value={byLevel[level] ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="隐患最多的 10 个巡检点">
        <Table
          size="small"
          rowKey="patrol_id"
          pagination={false}
          loading={stats.isPending}
          dataSource={stats.data?.top_points ?? []}
          columns={[
            { title: '排名', key: 'rank', width: 70, render: (_, __, index) => index + 1 },
            { title: '巡检点', dataIndex: 'patrol_name' },
            { title: '隐患数', dataIndex: 'count', width: 100 },
          ]}
        />
      </Card>
    </Flex>
  );
}

/**
 * 隐患管理 (/patrol/hazards, menu 巡检记录): the hazards abnormal answers raised, by organisation, filtered by
 * state, level, span and overdue; a drawer with the history, photos and the moves the state allows; 隐患统计.
 */
export function HazardPage() {
  const [holdId, setHoldId] = useState<number | undefined>();
  return (
    <TreeListLayout holdId={holdId} onPickHold={setHoldId} toolbar={null}>
      <Tabs
        items={[
          { key: 'list', label: '隐患列表', children: <HazardList holdId={holdId} /> },
          { key: 'stats', label: '隐患统计', children: <HazardStatsTab holdId={holdId} /> },
        ]}
      />
    </TreeListLayout>
  );
}
