import { z } from 'zod';

/**
 * Chinese fallback for every validation refusal that has no text of its own in the spec,
 * so a client never sees an English or empty message.
 */
export function fieldMessage(path: readonly PropertyKey[], code: string): string {
  const field = path.map(String).join('.') || '请求';
  if (code === 'invalid_type') return `参数 ${field} 缺失或类型不正确`;
  if (code === 'too_big') return `参数 ${field} 过长或过大`;
  if (code === 'too_small') return `参数 ${field} 过短或过小`;
  if (code === 'unrecognized_keys') return `请求包含不支持的参数`;
  return `参数 ${field} 格式不正确`;
}

z.config({ customError: (issue) => fieldMessage(issue.path ?? [], issue.code) });
