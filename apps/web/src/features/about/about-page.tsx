import { DEFAULT_TITLE } from '@guard-tour/contract';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { API_BASE } from '@guard-tour/client/browser';
import { Logo } from '../../components/logo';

export function AboutPage() {
  return (
    <Card style={{ maxWidth: 640 }}>
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Logo size={40} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {DEFAULT_TITLE}
        </Typography.Title>
      </Flex>
      <Typography.Paragraph type="secondary">
        巡检管理平台用于管理组织、账号、巡检设备、巡检点、路线和任务，并查看打卡记录与统计。
      </Typography.Paragraph>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'version', label: '版本', children: `v${__APP_VERSION__}` },
          {
            key: 'docs',
            label: '接口文档',
            children: (
              <a href={`${API_BASE}/docs`} target="_blank" rel="noopener noreferrer">
                打开接口文档（OpenAPI）
              </a>
            ),
          },
        ]}
      />
    </Card>
  );
}
