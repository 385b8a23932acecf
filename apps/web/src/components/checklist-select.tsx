import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { api } from '@guard-tour/client/api';
import { QUERY_KEYS } from '../api/query-keys';

interface ChecklistSelectProps {
  id?: string;
  value?: number;
  onChange?: (checklistId: number) => void;
}

/** A point's 检查表 (INSPECTION.md): the templates of the caller's scope, or 无 (0). A Form.Item control. */
export function ChecklistSelect({ id, value, onChange }: ChecklistSelectProps) {
  const choices = useQuery({
    queryKey: [...QUERY_KEYS.checklist, 'choices'],
    queryFn: ({ signal }) => api.checklist.listChecklists({ page: 1, pageSize: 200 }, { signal }),
  });
  return (
    <Select<number>
      id={id}
      aria-label="检查表"
      value={value ?? 0}
      onChange={(picked) => onChange?.(picked)}
      loading={choices.isPending}
      options={[
        { value: 0, label: '无' },
        ...(choices.data?.rows ?? []).map((c) => ({ value: c.checklist_id, label: c.checklist_name })),
      ]}
    />
  );
}
