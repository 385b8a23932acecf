import { Card, Descriptions, Flex, Typography } from 'antd';
import { useSession } from '@guard-tour/client/use-session';
import { holdTypeText } from '../../components/hold-type';
import { ChangePasswordForm } from './change-password-form';

export function SettingsPage() {
  const info = useSession()?.info;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        个人设置
      </Typography.Title>
      <Card title="账号信息">
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'account', label: '账号', children: info?.userName || '—' },
            { key: 'name', label: '姓名', children: info?.trueName || '—' },
            { key: 'type', label: '组织类型', children: holdTypeText(info?.userType) },
            { key: 'end', label: '服务到期', children: info ? info.serviceEnd || '长期有效' : '—' },
          ]}
        />
      </Card>
      <Card title="修改密码">
        <ChangePasswordForm />
      </Card>
    </Flex>
  );
}
