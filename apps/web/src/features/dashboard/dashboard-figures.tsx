import {
  CheckCircleOutlined,
  NodeIndexOutlined,
  PlayCircleOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { DashboardSummary } from '@guard-tour/contract';
import { Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { figuresOf, type Figure, type FigureKey } from './figures';

const LOOK: Record<FigureKey, { icon: ReactNode; color: string }> = {
  all_roads: { icon: <NodeIndexOutlined />, color: '#1677ff' },
  running_roads: { icon: <PlayCircleOutlined />, color: '#13c2c2' },
  missed_checks: { icon: <WarningOutlined />, color: '#fa541c' },
  patrol_people_num: { icon: <TeamOutlined />, color: '#722ed1' },
  completion_rate: { icon: <CheckCircleOutlined />, color: '#52c41a' },
};

const SKELETON: CSSProperties = { width: 72, minWidth: 72, verticalAlign: 'middle' };

const BODY = { body: { padding: '20px 24px' } };

const GRID: CSSProperties = { display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' };

function badge(color: string): CSSProperties {
  return {
    width: 48,
    height: 48,
    borderRadius: '50%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 22,
    color,
    background: `${color}1a`,
    flex: 'none',
  };
}

function FigureBody({ figure, loading, hint }: { figure: Figure; loading: boolean; hint?: string }) {
  const { icon, color } = LOOK[figure.key];
  return (
    <Flex align="center" gap={16}>
      <span style={badge(color)} aria-hidden>
        {icon}
      </span>
      <div style={{ minWidth: 0 }}>
        <Statistic
          title={figure.title}
          value={figure.text}
          // A skeleton the height of the figure, so the cards do not jump when the numbers arrive.
          valueRender={(node) => (loading ? <Skeleton.Input active size="small" style={SKELETON} /> : node)}
        />
        {hint && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )}
      </div>
    </Flex>
  );
}

interface DashboardFiguresProps {
  summary: DashboardSummary | null | undefined;
  loading: boolean;
  onOpenMissed: () => void;
}

/** The five figure cards in one row; 漏检数 opens the list of today's missed points. */
export function DashboardFigures({ summary, loading, onOpenMissed }: DashboardFiguresProps) {
  const openOnKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpenMissed();
  };
  return (
    <div style={GRID}>
      {figuresOf(summary).map((figure) =>
        figure.key === 'missed_checks' ? (
          <Card
            key={figure.key}
            hoverable
            styles={BODY}
            role="button"
            tabIndex={0}
            aria-label={figure.title}
            aria-haspopup="dialog"
            onClick={onOpenMissed}
            onKeyDown={openOnKey}
          >
            <FigureBody figure={figure} loading={loading} hint="点击查看明细" />
          </Card>
        ) : (
          <Card key={figure.key} role="group" aria-label={figure.title} styles={BODY}>
            <FigureBody figure={figure} loading={loading} />
          </Card>
        ),
      )}
    </div>
  );
}
