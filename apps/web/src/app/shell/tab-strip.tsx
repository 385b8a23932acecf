import { Tabs } from 'antd';
import type { TabView } from './use-tabs';

interface TabStripProps {
  tabs: TabView[];
  activeKey: string | undefined;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
}

/** The closable tabs above the page; every tab shows a close button, and the last one refuses. */
export function TabStrip({ tabs, activeKey, onSelect, onClose }: TabStripProps) {
  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey ?? ''}
      onChange={onSelect}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') onClose(key);
      }}
      items={tabs.map((tab) => ({ key: tab.key, label: tab.title, closable: true }))}
      tabBarStyle={{ margin: 0, padding: '6px 16px 0', background: '#fff' }}
      aria-label="已打开的页面"
      locale={{ removeAriaLabel: '关闭标签' }}
    />
  );
}
