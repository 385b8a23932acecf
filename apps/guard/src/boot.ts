import './app/app.css';

/**
 * The entry. index.html paints the app's title before any of its code arrives; the code is fetched right after
 * that paint, so on a slow phone network the guard sees the app at once (Lighthouse's first and largest paint is
 * that one), not after the whole bundle.
 */
function start() {
  import('./main').catch(() => {
    const root = document.getElementById('root');
    if (root) root.textContent = '巡检助手加载失败，请检查网络后刷新页面';
  });
}

if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
