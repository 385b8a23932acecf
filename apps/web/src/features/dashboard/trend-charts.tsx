import type { TrendPoint } from '@guard-tour/contract';
import { Card, Col, Empty, Flex, Row, Skeleton } from 'antd';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { loadErrorText } from '@guard-tour/client/browser';
import { useTrend } from './api';
import { echarts } from './echarts';
import { completionOption, punchesOption, type TrendChartOption } from './trend-options';
import { useLoadError } from './use-load-error';

const CHART_HEIGHT = 260;

interface TrendCardProps {
  title: string;
  points: readonly TrendPoint[] | undefined;
  optionOf: (points: readonly TrendPoint[]) => TrendChartOption;
  loading: boolean;
  emptyText: string;
}

function TrendCard({ title, points, optionOf, loading, emptyText }: TrendCardProps) {
  let body;
  if (loading)
    body = (
      <div style={{ height: CHART_HEIGHT, paddingTop: 16 }}>
        <Skeleton active title={false} paragraph={{ rows: 7 }} />
      </div>
    );
  else if (!points || points.length === 0)
    body = (
      <Flex align="center" justify="center" style={{ height: CHART_HEIGHT }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </Flex>
    );
  else
    body = (
      <ReactEChartsCore
        echarts={echarts}
        option={optionOf(points)}
        notMerge
        style={{ height: CHART_HEIGHT, width: '100%' }}
        opts={{ renderer: 'canvas' }}
      />
    );
  return (
    <Card title={title} role="figure" aria-label={title} styles={{ body: { padding: '8px 16px 12px' } }}>
      {body}
    </Card>
  );
}

/** 近7日打卡数 and 近7日完成率 side by side (stacked on a narrow window). */
export function TrendCharts() {
  const query = useTrend();
  useLoadError(query.error, query.errorUpdatedAt);
  const emptyText = query.isError && !query.data ? loadErrorText(query.error) : '暂无数据';
  const shared = { points: query.data, loading: query.isPending && !query.isError, emptyText };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <TrendCard title="近7日打卡数" optionOf={punchesOption} {...shared} />
      </Col>
      <Col xs={24} lg={12}>
        <TrendCard title="近7日完成率" optionOf={completionOption} {...shared} />
      </Col>
    </Row>
  );
}
