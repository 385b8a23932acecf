import { ATTENDANCE_TEXT, type Attendance } from '@guard-tour/contract';
import { errorText } from '@guard-tour/client/browser';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { tapDuty } from '../app/duty';

/** 上岗 / 下岗 at the top of 今日任务: the answer names the shift and, for 上岗, whether it was on time. */
export function DutyBar() {
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);

  async function tap(kind: 'on' | 'off') {
    setBusy(kind);
    try {
      const answer = await tapDuty(kind);
      const attendance = ATTENDANCE_TEXT[answer.attendance as Attendance];
      Toast.show({
        icon: 'success',
        content: `${kind === 'on' ? '上岗' : '下岗'}成功：${answer.shift_name}${kind === 'on' && attendance ? `（${attendance}）` : ''}`,
      });
    } catch (error) {
      Toast.show({ icon: 'fail', content: errorText(error, kind === 'on' ? '上岗失败' : '下岗失败') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div style={{ display: 'flex', justifyContent: 'center', gap: 12, padding: '8px 0' }}>
      <Button
        color="primary"
        size="small"
        loading={busy === 'on'}
        disabled={busy !== null}
        onClick={() => void tap('on')}
      >
        上岗
      </Button>
      <Button size="small" loading={busy === 'off'} disabled={busy !== null} onClick={() => void tap('off')}>
        下岗
      </Button>
    </div>
  );
}
