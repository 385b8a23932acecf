import type { WebhookTestResult } from '@guard-tour/contract';

/** An HTTP status as the screens say it: 0 (nothing came back) is 无应答. */
export function statusText(status: number | string | null | undefined): string {
  const code = Number(status);
  if (status === '' || status === null || status === undefined || !Number.isFinite(code)) return '—';
  return code === 0 ? '无应答' : String(code);
}

export function isDelivered(status: number | string | null | undefined): boolean {
  const code = Number(status);
  return status !== '' && Number.isFinite(code) && code >= 200 && code < 300;
}

/** What 测试 says: 测试成功 with status and time, or 测试失败 with what went wrong. */
export function testResultText(result: WebhookTestResult): string {
  const timing = `耗时 ${Number.isFinite(result.ms) ? result.ms : 0} ms`;
  if (isDelivered(result.status)) return `测试成功：HTTP ${result.status}，${timing}`;
  const status = result.status ? `HTTP ${result.status}` : '无应答';
  const error = result.error?.trim();
  return `测试失败：${status}，${timing}${error ? `，${error}` : ''}`;
}
