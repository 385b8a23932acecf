import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { DASHBOARD_PATH } from '../api/access';
import { useAccess } from '../api/use-can';
import { findRoute } from './routes';

/** The way home from a page that cannot be shown: 首页, or the first screen the account may open. */
export function HomeButton() {
  const navigate = useNavigate();
  const { home } = useAccess();
  const label = home === DASHBOARD_PATH ? '返回首页' : `前往${findRoute(home)?.title ?? '首页'}`;
  return (
    <Button type="primary" onClick={() => void navigate(home, { replace: true })}>
      {label}
    </Button>
  );
}
