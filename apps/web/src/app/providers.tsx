import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { prefersReducedMotion } from './reduced-motion';

dayjs.locale('zh-cn');

const THEME = { token: { colorPrimary: '#1677ff', motion: !prefersReducedMotion() } };

/**
 * Chinese locale for antd and dayjs, antd's App (message and modal that follow the theme), and server state.
 * Motion is off for people who asked their system for less of it.
 * Buttons keep their text as written (登录, not antd's spaced 登 录), so people and tests read the spec's words.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
