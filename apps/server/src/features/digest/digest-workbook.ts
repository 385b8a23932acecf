import { DIGEST_SECTION_TEXT, type DigestSection, type SheetColumn } from '@guard-tour/contract';
import { cellsOf, type WorkbookSheet } from '../../export/sheet-writer.js';
import { workbookBytes } from '../../export/workbook-bytes.js';
import type { DigestData } from './digest-data.js';
import { HAZARDS_UNREAD, NO_ROUNDS, hazardPairs, overviewPairs, periodText } from './digest-render.js';

/**
 * The e-mail's attachment: one sheet per section, written by the exports' sheet writer (text that could run as a
 * formula stays text, as in every export).
 */

type Row = Record<string, string | number>;

function sheet(title: string, columns: SheetColumn<Row>[], rows: Row[]): WorkbookSheet<Row> {
  return {
    title,
    source: {
      columns,
      widths: Object.fromEntries(columns.map((c) => [c.key, c.key === 'missed_points' ? 48 : 18])),
      batches: async function* () {
        yield cellsOf(columns, rows);
      },
    },
  };
}

const cols = (pairs: [string, string][]): SheetColumn<Row>[] => pairs.map(([key, title]) => ({ key, title }));

function sectionSheet(section: DigestSection, data: DigestData): WorkbookSheet<Row> {
  const title = DIGEST_SECTION_TEXT[section];
  switch (section) {
    case 'overview': {
      const rows: Row[] = [
        { label: '组织', value: data.hold_name },
        { label: '统计周期', value: periodText(data) },
        ...overviewPairs(data.overview).map(([label, value]) => ({
          label,
          value: /^\d+$/.test(value) ? Number(value) : value,
        })),
      ];
      if (data.overview.rounds_expected === 0) rows.push({ label: '说明', value: NO_ROUNDS });
      return sheet(
        title,
        cols([
          ['label', '项目'],
          ['value', '数值'],
        ]),
        rows,
      );
    }
    case 'missed':
      return sheet(
        title,
        cols([
          ['round_date', '日期'],
          ['road_name', '路线'],
          ['task_name', '任务'],
          ['window', '时段'],
          ['walkers', '责任人'],
          ['missed_count', '漏检点数'],
          ['missed_points', '漏检巡检点'],
        ]),
        data.missed_rounds.map((m) => ({ ...m })),
      );
    case 'alerts':
      return sheet(
        title,
        cols([
          ['kind_name', '告警类型'],
          ['raised', '产生'],
          ['handled', '已处理'],
          ['open', '未处理'],
        ]),
        data.alerts.map((a) => ({
          kind_name: a.kind_name,
          raised: a.raised,
          handled: a.handled,
          open: a.raised - a.handled,
        })),
      );
    case 'hazards':
      if (!data.hazards) return sheet(title, cols([['note', '说明']]), [{ note: HAZARDS_UNREAD }]);
      return sheet(
        title,
        cols([
          ['label', '项目'],
          ['value', '数量'],
        ]),
        hazardPairs(data.hazards).map(([label, value]) => ({ label, value: Number(value) })),
      );
    case 'devices':
      return sheet(
        title,
        cols([
          ['device_no', '设备号'],
          ['object_name', '设备名称'],
          ['hold_name', '所属组织'],
          ['last_upload_time', '最后上传'],
          ['silent_hours', '静默小时'],
        ]),
        data.devices.map((d) => ({ ...d, last_upload_time: d.last_upload_time || '从未上传' })),
      );
  }
}

/** The attachment's bytes. */
export function workbookOf(data: DigestData): Promise<Buffer> {
  return workbookBytes(data.sections.map((section) => sectionSheet(section, data)));
}

export function attachmentName(data: DigestData): string {
  return `巡检报表_${data.period_start}${data.period_end === data.period_start ? '' : `_${data.period_end}`}.xlsx`;
}
