import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';

/** A screen that failed to load or render (for example an old chunk after a new release). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle="页面加载失败，请刷新后重试。"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
