import { Result } from 'antd';
import { HomeButton } from './home-link';

/** A screen the account's role does not open (a route typed by hand or an old bookmark): ROLES.md, Screens. */
export function ForbiddenPage() {
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle="当前账号没有打开此页面的权限，如需使用请联系管理员。"
      extra={<HomeButton />}
    />
  );
}
