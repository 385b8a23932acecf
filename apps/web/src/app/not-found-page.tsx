import { Result } from 'antd';
import { HomeButton } from './home-link';

export function NotFoundPage() {
  return <Result status="404" title="页面不存在" subTitle="您访问的页面不存在或已被移除。" extra={<HomeButton />} />;
}
