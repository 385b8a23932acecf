import { Checkbox, Flex, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { inCatalogueOrder, permissionGroups, toggleGroup, type CatalogueEntry } from './permission-groups';

interface PermissionTreeProps {
  catalogue: readonly CatalogueEntry[];
  /** The keys the caller holds: only those may be put into a role (no escalation, ROLES.md). */
  grantable: (key: string) => boolean;
  value?: string[];
  onChange?: (keys: string[]) => void;
  disabled?: boolean;
}

/**
 * The role's keys as checkboxes by menu group (a Form.Item control): a group's box ticks all of it, and shows
 * half-ticked when only some are. A key the caller does not hold itself is shown but cannot be ticked.
 */
export function PermissionTree({ catalogue, grantable, value = [], onChange, disabled }: PermissionTreeProps) {
  const groups = useMemo(() => permissionGroups(catalogue), [catalogue]);
  const held = new Set(value);
  const set = (keys: string[]) => onChange?.(inCatalogueOrder(catalogue, keys));

  return (
    <Flex vertical gap={6} role="group" aria-label="权限">
      {groups.map((group) => {
        const ticked = group.entries.filter((entry) => held.has(entry.key)).length;
        const open = group.entries.filter((entry) => grantable(entry.key));
        return (
          <Flex
            key={group.title}
            gap={8}
            align="baseline"
            style={{ padding: '6px 12px', background: '#fafafa', borderRadius: 6 }}
          >
            <div style={{ flex: '0 0 108px' }}>
              <Checkbox
                checked={ticked > 0 && ticked === group.entries.length}
                indeterminate={ticked > 0 && ticked < group.entries.length}
                disabled={disabled || open.length === 0}
                onChange={(event) => set(toggleGroup(value, group, event.target.checked, grantable))}
              >
                <Typography.Text strong>{group.title}</Typography.Text>
              </Checkbox>
            </div>
            <Flex wrap gap="4px 0" style={{ flex: 1 }}>
              {group.entries.map((entry) => {
                const box = (
                  <Checkbox
                    key={entry.key}
                    checked={held.has(entry.key)}
                    disabled={disabled || !grantable(entry.key)}
                    onChange={(event) =>
                      set(event.target.checked ? [...value, entry.key] : value.filter((key) => key !== entry.key))
                    }
                    style={{ minWidth: 120 }}
                  >
                    {entry.name}
                  </Checkbox>
                );
                return grantable(entry.key) || disabled ? (
                  box
                ) : (
                  <Tooltip key={entry.key} title="本账号没有此权限，不能授予">
                    <span>{box}</span>
                  </Tooltip>
                );
              })}
            </Flex>
          </Flex>
        );
      })}
    </Flex>
  );
}
