import { DIGEST_SECTION_TEXT, type DigestSection, type WebhookFormat } from '@guard-tour/contract';
import type { DigestData, DigestOverview } from './digest-data.js';

/** A report in each of its shapes (DIGESTS.md, E-mail and Webhook): subject, HTML, plain text, markdown, JSON. Pure. */

const KIND_TITLE = { daily: '巡检日报', weekly: '巡检周报', monthly: '巡检月报' } as const;
/** Missed rounds a group robot's message lists. */
export const ROBOT_MISSED_LINES = 10;
export const NO_ROUNDS = '无巡检任务';
/** A send stored before hazards were read (its retry shows what was stored). */
export const HAZARDS_UNREAD = '本次报表生成时未统计隐患。';
const NO_SOS = '本期没有紧急求助。';

/** The hazard section's figures as label and value pairs (every shape of the report shows the same). */
export function hazardPairs(hazards: NonNullable<DigestData['hazards']>): [string, string][] {
  return [
    ['本期发现', String(hazards.found)],
    ['本期关闭', String(hazards.closed)],
    ['未关闭', String(hazards.open)],
    ['其中超期', String(hazards.overdue)],
  ];
}

export const SOS_HEAD = ['求助时间', '所属组织', '求助人', '状态'] as const;
export const sosCells = (data: DigestData) => (data.sos ?? []).map((s) => [s.raised_time, s.hold_name, s.who, s.state]);

export function periodText(data: Pick<DigestData, 'period_start' | 'period_end'>): string {
  return data.period_start === data.period_end ? data.period_start : `${data.period_start} 至 ${data.period_end}`;
}

export function subjectOf(data: DigestData): string {
  return `${data.hold_name} ${KIND_TITLE[data.frequency]}（${periodText(data)}）`;
}

/** 漏检报表 for the period at PUBLIC_URL; null without one (the report names the screen instead). */
export function reportLink(publicUrl: string | undefined, data: DigestData): string | null {
  if (!publicUrl) return null;
  const query = new URLSearchParams({
    hold_id: String(data.hold_id),
    include_children: String(data.include_children),
    start_date: data.period_start,
    end_date: data.period_end,
  });
  return `${publicUrl}/patrol/missed_report?${query.toString()}`;
}

const rateText = (rate: number | null) => (rate === null ? '—' : `${rate.toFixed(1)}%`);

/** The overview as label and value pairs, in the order every shape shows them. */
export function overviewPairs(overview: DigestOverview): [string, string][] {
  return [
    ['应巡轮次', String(overview.rounds_expected)],
    ['完成轮次', String(overview.rounds_done)],
    ['完成率', rateText(overview.rate)],
    ['应巡点数', String(overview.points_expected)],
    ['正常', String(overview.on_time)],
    ['早到', String(overview.early)],
    ['迟到', String(overview.late)],
    ['漏检', String(overview.missed)],
    ['巡检人数', String(overview.people_active)],
    ['活跃设备', String(overview.devices_active)],
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CELL = 'border:1px solid #d9d9d9;padding:4px 8px;text-align:left';
const HEAD = `${CELL};background:#fafafa;font-weight:600`;

function htmlTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const th = head.map((h) => `<th style="${HEAD}">${escapeHtml(h)}</th>`).join('');
  const trs = rows
    .map((row) => `<tr>${row.map((cell) => `<td style="${CELL}">${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  return `<table style="border-collapse:collapse;font-size:13px;margin:4px 0 12px">${th ? `<tr>${th}</tr>` : ''}${trs}</table>`;
}

const MISSED_HEAD = ['日期', '路线', '任务', '时段', '责任人', '漏检点数', '漏检巡检点'] as const;
const missedCells = (data: DigestData) =>
  data.missed_rounds.map((m) => [
    m.round_date,
    m.road_name,
    m.task_name || '—',
    m.window,
    m.walkers || '—',
    String(m.missed_count),
    m.missed_points,
  ]);
const ALERT_HEAD = ['告警类型', '产生', '已处理', '未处理'] as const;
const alertCells = (data: DigestData) =>
  data.alerts.map((a) => [a.kind_name, String(a.raised), String(a.handled), String(a.raised - a.handled)]);
const DEVICE_HEAD = ['设备号', '设备名称', '所属组织', '最后上传', '静默小时'] as const;
const deviceCells = (data: DigestData) =>
  data.devices.map((d) => [
    d.device_no,
    d.object_name,
    d.hold_name,
    d.last_upload_time || '从未上传',
    String(d.silent_hours),
  ]);

/** The HTML body: title, the overview as a small table, each section with its heading, the link. */
export function htmlOf(data: DigestData, link: string | null): string {
  const parts = [
    `<h2 style="font-size:18px;margin:0 0 4px">${escapeHtml(subjectOf(data))}</h2>`,
    `<p style="color:#666;margin:0 0 12px">${escapeHtml(`组织：${data.hold_name}${data.include_children ? '（含下级）' : ''}，统计周期：${periodText(data)}`)}</p>`,
  ];
  for (const section of data.sections) {
    parts.push(`<h3 style="font-size:15px;margin:12px 0 4px">${DIGEST_SECTION_TEXT[section]}</h3>`);
    parts.push(sectionHtml(section, data));
  }
  parts.push(
    link
      ? `<p style="margin-top:16px"><a href="${escapeHtml(link)}">在平台中查看本期漏检报表</a></p>`
      : '<p style="margin-top:16px;color:#666">登录巡检管理平台，在「巡检记录 → 漏检报表」中查看本期明细。</p>',
  );
  parts.push(
    `<p style="color:#999;font-size:12px">数据读取于 ${escapeHtml(data.read_time)}，之后补传的记录不会再次发送。</p>`,
  );
  return `<div style="font-family:'PingFang SC','Microsoft YaHei',sans-serif;color:#222">${parts.join('')}</div>`;
}

function sectionHtml(section: DigestSection, data: DigestData): string {
  const note = (text: string) => `<p style="color:#666;margin:0 0 8px">${escapeHtml(text)}</p>`;
  switch (section) {
    case 'overview':
      return (
        (data.overview.rounds_expected === 0 ? note(NO_ROUNDS) : '') +
        htmlTable(
          overviewPairs(data.overview).map(([label]) => label),
          [overviewPairs(data.overview).map(([, value]) => value)],
        )
      );
    case 'missed':
      if (data.missed_total === 0) return note('本期没有漏检的轮次。');
      return (
        htmlTable(MISSED_HEAD, missedCells(data)) +
        (data.missed_total > data.missed_rounds.length
          ? note(`共 ${data.missed_total} 轮，仅列出前 ${data.missed_rounds.length} 轮。`)
          : '')
      );
    case 'alerts':
      return (
        htmlTable(ALERT_HEAD, alertCells(data)) +
        ((data.sos ?? []).length === 0 ? note(NO_SOS) : htmlTable(SOS_HEAD, sosCells(data)))
      );
    case 'hazards':
      if (!data.hazards) return note(HAZARDS_UNREAD);
      return htmlTable(
        hazardPairs(data.hazards).map(([label]) => label),
        [hazardPairs(data.hazards).map(([, value]) => value)],
      );
    case 'devices':
      return data.devices.length === 0
        ? note('没有超过离线时长未上传的终端。')
        : htmlTable(DEVICE_HEAD, deviceCells(data));
  }
}

/** The plain-text alternative: the same sections, as lines. */
export function textOf(data: DigestData, link: string | null): string {
  const lines = [
    subjectOf(data),
    `组织：${data.hold_name}${data.include_children ? '（含下级）' : ''}`,
    `统计周期：${periodText(data)}`,
    '',
  ];
  for (const section of data.sections) {
    lines.push(`【${DIGEST_SECTION_TEXT[section]}】`);
    switch (section) {
      case 'overview':
        if (data.overview.rounds_expected === 0) lines.push(NO_ROUNDS);
        lines.push(
          overviewPairs(data.overview)
            .map(([label, value]) => `${label}：${value}`)
            .join('，'),
        );
        break;
      case 'missed':
        if (data.missed_total === 0) lines.push('本期没有漏检的轮次。');
        for (const m of data.missed_rounds) {
          lines.push(
            `${m.round_date} ${m.road_name} ${m.window} ${m.walkers || '—'} 漏检 ${m.missed_count} 个：${m.missed_points}`,
          );
        }
        break;
      case 'alerts':
        for (const a of data.alerts) lines.push(`${a.kind_name}：产生 ${a.raised}，已处理 ${a.handled}`);
        if ((data.sos ?? []).length === 0) lines.push(NO_SOS);
        for (const s of data.sos ?? []) lines.push(`紧急求助 ${s.raised_time} ${s.hold_name} ${s.who}：${s.state}`);
        break;
      case 'hazards':
        lines.push(
          data.hazards
            ? hazardPairs(data.hazards)
                .map(([label, value]) => `${label}：${value}`)
                .join('，')
            : HAZARDS_UNREAD,
        );
        break;
      case 'devices':
        if (data.devices.length === 0) lines.push('没有超过离线时长未上传的终端。');
        for (const d of data.devices) {
          lines.push(
            `${d.device_no} ${d.object_name}（${d.hold_name}）最后上传 ${d.last_upload_time || '从未上传'}，已 ${d.silent_hours} 小时`,
          );
        }
        break;
    }
    lines.push('');
  }
  lines.push(link ? `本期漏检报表：${link}` : '登录巡检管理平台，在「巡检记录 → 漏检报表」中查看本期明细。');
  return lines.join('\n');
}

/** 企业微信 / 钉钉: a markdown message with the overview and the first 10 missed rounds, and the link. */
export function markdownOf(data: DigestData, link: string | null): string {
  const lines = [`### ${subjectOf(data)}`, `> 组织：${data.hold_name}`, ''];
  if (data.overview.rounds_expected === 0) lines.push(`**${NO_ROUNDS}**`, '');
  lines.push(...overviewPairs(data.overview).map(([label, value]) => `- ${label}：**${value}**`), '');
  if (data.missed_total > 0) {
    lines.push(`**漏检轮次（共 ${data.missed_total} 轮）**`);
    for (const m of data.missed_rounds.slice(0, ROBOT_MISSED_LINES)) {
      lines.push(`- ${m.round_date} ${m.road_name} ${m.window} 漏检 ${m.missed_count} 个`);
    }
    lines.push('');
  }
  lines.push(link ? `[查看漏检报表](${link})` : '登录平台查看「漏检报表」');
  return lines.join('\n');
}

/** The body a hook of `format` receives. */
export function hookBody(format: WebhookFormat, data: DigestData, link: string | null): string {
  if (format === 'wecom') return JSON.stringify({ msgtype: 'markdown', markdown: { content: markdownOf(data, link) } });
  if (format === 'dingtalk') {
    return JSON.stringify({ msgtype: 'markdown', markdown: { title: subjectOf(data), text: markdownOf(data, link) } });
  }
  return JSON.stringify({
    subscription_id: data.digest_id,
    period_start: data.period_start,
    period_end: data.period_end,
    overview: data.overview,
    missed_rounds: data.missed_rounds,
    alerts: data.alerts,
    hazards: data.hazards,
  });
}
