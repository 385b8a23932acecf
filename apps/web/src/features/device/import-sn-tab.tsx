import { deviceMessages, type SnImportResult } from '@guard-tour/contract';
import { App, Button, Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { snImportBody, useImportSnList } from './api';
import { importFailedText, snFailures } from './import-failures';
import { ImportResult } from './import-result';
import { splitSnList } from './sn-list';

/** 批量输入: SNs typed or pasted, one a line or separated by commas; each becomes a T80 named after its SN. */
export function ImportSnTab({ holdId }: { holdId: number | undefined }) {
  const { message } = App.useApp();
  const id = useId();
  const [text, setText] = useState('');
  const [result, setResult] = useState<SnImportResult | null>(null);
  const importSn = useImportSnList();
  const count = splitSnList(text).length;

  const run = () => {
    if (count === 0) {
      void message.warning(deviceMessages.snListRequired);
      return;
    }
    importSn.mutate(snImportBody(holdId, text), {
      onSuccess: setResult,
      onError: (error) => void message.error(importFailedText(error)),
    });
  };

  return (
    <Flex vertical gap={12}>
      <label htmlFor={id}>SN列表</label>
      <Input.TextArea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        placeholder="每行一个SN，或用逗号分隔；每个SN导入为一台以SN命名的T80"
        disabled={importSn.isPending}
      />
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">共 {count} 个SN</Typography.Text>
        <Button type="primary" loading={importSn.isPending} onClick={run}>
          导入
        </Button>
      </Flex>
      {result && <ImportResult effectCount={result.effectCount} failures={snFailures(result)} />}
    </Flex>
  );
}
