import { Card, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '@guard-tour/client/use-session';
import { useSummary } from './api';
import { DashboardFigures } from './dashboard-figures';
import { greetingDay, greetingText } from './greeting';
import { MissedDialog } from './missed-dialog';
import { TodayPunchTable } from './today-punch-table';
import { TrendCharts } from './trend-charts';
import { useLoadError } from './use-load-error';

/** Re-reads the clock every minute so a console left open overnight greets the new day. */
function useToday(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** 首页: greeting, today's five figures, the 7-day charts and today's punches, refreshed every minute. */
export function DashboardPage() {
  const session = useSession();
  const today = useToday();
  const name = session?.info?.trueName || session?.info?.userName || '';
  const summary = useSummary();
  useLoadError(summary.error, summary.errorUpdatedAt);
  const [missedOpen, setMissedOpen] = useState(false);

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {greetingText(name, greetingDay(summary.data?.today, today))}
        </Typography.Title>
      </Card>
      <DashboardFigures
        summary={summary.data}
        loading={summary.isPending && !summary.isError}
        onOpenMissed={() => setMissedOpen(true)}
      />
      <TrendCharts />
      <TodayPunchTable />
      <MissedDialog open={missedOpen} onClose={() => setMissedOpen(false)} />
    </Flex>
  );
}
