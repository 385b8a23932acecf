import { Alert, Card, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '../../api/use-session';
import { greetingText } from './greeting';

/** Re-reads the clock every minute so a console left open overnight greets the new day. */
function useToday(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function DashboardPage() {
  const session = useSession();
  const today = useToday();
  const name = session?.info?.trueName || session?.info?.userName || '';

  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {greetingText(name, today)}
        </Typography.Title>
      </Card>
      <Alert
        type="info"
        showIcon
        title="统计数字即将上线"
        description="路线总数、进行中路线、漏检、巡检人数、完成率和今日打卡列表将在后续版本中显示在这里。"
      />
    </Flex>
  );
}
