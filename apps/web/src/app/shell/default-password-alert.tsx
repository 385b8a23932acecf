import { Alert } from 'antd';
import { Link } from 'react-router';
import { useSession } from '@guard-tour/client/use-session';

/** While the account still has the installation's default password, every screen says so. */
export function DefaultPasswordAlert() {
  const session = useSession();
  if (!session?.info?.defaultPassword) return null;
  return (
    <Alert
      banner
      type="warning"
      title="您仍在使用默认密码，请尽快修改"
      action={<Link to="/sys/setting">修改密码</Link>}
    />
  );
}
