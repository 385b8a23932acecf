import type { RosterMonth, ShiftRow } from '@guard-tour/contract';
import { App, Button, DatePicker, Flex, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '@guard-tour/client/browser';
import { useCan } from '../../api/use-can';
import { TreeListLayout } from '../../components/tree-list-layout';
import { useCopyRoster, useRosterMonth, useSaveRoster, useShifts } from './api';
import { RosterCellView } from './roster-cell';
import { lastMonthCopy, lastWeekCopy, weekdayText } from './roster-dates';
import { RosterImport } from './roster-import';
import { cellKey, inRectangle, rectangleKeys, type GridSpot } from './roster-select';

type Row = RosterMonth['rows'][number];

/** A drag over the grid: where the press was, the cell under the pointer now, and whether Ctrl/⌘ adds to the picks. */
interface Drag {
  anchor: GridSpot;
  current: GridSpot;
  additive: boolean;
}

/**
 * 排班表 (/patrol/roster): accounts down, days across. Pick a shift (or 休息) and click a cell to set it; a press
 * dragged over cells selects their rectangle on release (with Ctrl/⌘ added to the cells picked), Ctrl or Shift +
 * click gathers cells one by one, and 填充所选 sets them all; 复制上周 / 复制上月; 导入 with the template; each cell shows
 * 正常 / 迟到 / 缺勤 once its shift happened.
 */
export function RosterPage() {
  const { message, modal } = App.useApp();
  const can = useCan();
  const editable = can('shift.edit');
  const [holdId, setHoldId] = useState<number | undefined>();
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const [brush, setBrush] = useState<number>(0);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [importing, setImporting] = useState(false);
  const [drag, setDrag] = useState<Drag | null>(null);
  /** Set when a drag ended over another cell than it began: the click that may follow is not a click. */
  const dragged = useRef(false);
  const shifts = useShifts(holdId);
  const roster = useRosterMonth(holdId, month);
  const save = useSaveRoster();
  const copy = useCopyRoster();
  const byId = useMemo(() => new Map((shifts.data ?? []).map((s) => [s.shift_id, s])), [shifts.data]);

  async function setCells(cells: { user_id: number; date: string }[]) {
    try {
      const { saved } = await save.mutateAsync({
        ...(holdId ? { holdId } : {}),
        cells: cells.map((c) => ({ ...c, shift_id: brush })),
      });
      setPicked(new Set());
      if (cells.length > 1) message.success(`已保存 ${saved} 个排班`);
    } catch (error) {
      message.error(errorText(error, '保存失败'));
    }
  }

  function onCell(row: Row, date: string, event: React.MouseEvent) {
    if (!editable) return;
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    const key = cellKey(row.user_id, date);
    if (event.ctrlKey || event.metaKey || event.shiftKey) {
      setPicked((before) => {
        const next = new Set(before);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      });
      return;
    }
    void setCells([{ user_id: row.user_id, date }]);
  }

  const days = useMemo(() => roster.data?.days ?? [], [roster.data]);
  const rows = useMemo(() => roster.data?.rows ?? [], [roster.data]);

  function startDrag(spot: GridSpot, event: React.MouseEvent) {
    // Shift + click keeps gathering cells one by one.
    if (!editable || event.button !== 0 || event.shiftKey) return;
    dragged.current = false;
    setDrag({ anchor: spot, current: spot, additive: event.ctrlKey || event.metaKey });
  }

  function stretchDrag(spot: GridSpot) {
    setDrag((before) =>
      before && (before.current.row !== spot.row || before.current.day !== spot.day)
        ? { ...before, current: spot }
        : before,
    );
  }

  // The release ends a drag wherever the pointer is: over another cell than the press, its rectangle is selected.
  useEffect(() => {
    if (!drag) return;
    const release = () => {
      const { anchor, current, additive } = drag;
      setDrag(null);
      if (anchor.row === current.row && anchor.day === current.day) return;
      dragged.current = true;
      // The click a release over the pressed cell's own button would bring is skipped once, and no later one.
      window.setTimeout(() => (dragged.current = false), 0);
      const keys = rectangleKeys(
        rows.map((r) => r.user_id),
        days,
        anchor,
        current,
      );
      setPicked((before) => new Set(additive ? [...before, ...keys] : keys));
    };
    window.addEventListener('mouseup', release);
    return () => window.removeEventListener('mouseup', release);
  }, [drag, rows, days]);

  /** Whether a cell shows as picked: inside the rectangle being dragged, or picked before (kept by a Ctrl drag). */
  function isPicked(spot: GridSpot, key: string): boolean {
    const moved = drag !== null && (drag.anchor.row !== drag.current.row || drag.anchor.day !== drag.current.day);
    if (!moved) return picked.has(key);
    if (inRectangle(drag.anchor, drag.current, spot)) return true;
    return drag.additive && picked.has(key);
  }

  function runCopy(what: '上周' | '上月') {
    const span = what === '上周' ? lastWeekCopy(dayjs().format('YYYY-MM-DD')) : lastMonthCopy(month);
    modal.confirm({
      title: `复制${what}排班`,
      content: `把 ${span.from_start} 至 ${span.from_end} 的排班复制到 ${span.to_start} 起的对应日期，目标日期原有排班将被覆盖。`,
      okText: '复制',
      cancelText: '取消',
      onOk: async () => {
        try {
          const { saved } = await copy.mutateAsync({ ...(holdId ? { holdId } : {}), ...span });
          message.success(`已复制 ${saved} 个排班`);
        } catch (error) {
          message.error(errorText(error, '复制失败'));
        }
      },
    });
  }

  const columns = [
    { title: '姓名', dataIndex: 'true_name', key: 'name', fixed: 'left' as const, width: 96 },
    ...days.map((date, dayIndex) => ({
      title: (
        <div style={{ textAlign: 'center', lineHeight: '16px' }}>
          {Number(date.slice(8))}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            {weekdayText(date)}
          </Typography.Text>
        </div>
      ),
      key: date,
      width: 56,
      render: (_: unknown, row: Row, rowIndex: number) => {
        const cell = row.cells.find((c) => c.date === date)!;
        const spot = { row: rowIndex, day: dayIndex };
        return (
          <RosterCellView
            cell={cell}
            shift={byId.get(cell.shift_id)}
            selected={isPicked(spot, cellKey(row.user_id, date))}
            onClick={(event) => onCell(row, date, event)}
            onMouseDown={(event) => startDrag(spot, event)}
            onMouseEnter={() => stretchDrag(spot)}
          />
        );
      },
    })),
  ];

  return (
    <TreeListLayout
      holdId={holdId}
      onPickHold={(id) => {
        setHoldId(id);
        setPicked(new Set());
      }}
      toolbar={
        <Flex gap={8} wrap align="center" role="search">
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(value) => value && setMonth(value.format('YYYY-MM'))}
            aria-label="月份"
          />
          {editable && (
            <>
              <Select<number>
                aria-label="排班班次"
                style={{ width: 180 }}
                value={brush}
                onChange={setBrush}
                options={[
                  { value: 0, label: '休息（清除）' },
                  ...(shifts.data ?? []).map((s: ShiftRow) => ({
                    value: s.shift_id,
                    label: `${s.shift_name} ${s.start_time}-${s.end_time}`,
                  })),
                ]}
              />
              <Button
                type="primary"
                disabled={picked.size === 0}
                loading={save.isPending}
                onClick={() =>
                  void setCells(
                    [...picked].map((key) => {
                      const [user, date] = key.split('|') as [string, string];
                      return { user_id: Number(user), date };
                    }),
                  )
                }
              >
                填充所选{picked.size ? `（${picked.size}）` : ''}
              </Button>
              <Button onClick={() => runCopy('上周')}>复制上周</Button>
              <Button onClick={() => runCopy('上月')}>复制上月</Button>
              <Button onClick={() => setImporting(true)}>导入</Button>
            </>
          )}
          <Space size={4} style={{ marginLeft: 'auto' }}>
            <Typography.Text type="secondary">单击设置，拖动框选，Ctrl/Shift+单击多选</Typography.Text>
          </Space>
        </Flex>
      }
    >
      <Table<Row>
        aria-label="排班表"
        rowKey="user_id"
        size="small"
        bordered
        loading={roster.isPending}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 96 + days.length * 56 }}
        locale={{ emptyText: '该组织下暂无账号' }}
      />
      {importing && <RosterImport holdId={holdId} onClose={() => setImporting(false)} />}
    </TreeListLayout>
  );
}
