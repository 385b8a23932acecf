import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/react-19';
import { App } from './app/app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN}>
      <App />
    </ConfigProvider>
  </StrictMode>,
);

// The shell is cached by the service worker, so the app opens with no network (vite-plugin-pwa, generateSW). This
// module loads after the first paint (boot.ts): the page may have finished loading already.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () =>
    void navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
