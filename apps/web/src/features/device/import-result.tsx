import { Alert, Flex, Table, type TableColumnsType } from 'antd';
import { shown } from '../../components/cells';
import type { ImportFailure } from './import-failures';

interface ImportResultProps {
  effectCount: number;
  failures: ImportFailure[];
  /** Spreadsheet imports name the row of each failure. */
  withRow?: boolean;
}

const ROW_COLUMN: TableColumnsType<ImportFailure>[number] = {
  title: '行号',
  dataIndex: 'row',
  width: 80,
  render: (value: number | undefined) => shown(value),
};

const COLUMNS: TableColumnsType<ImportFailure> = [
  { title: 'IMEI/SN', dataIndex: 'sn', render: (value: string) => shown(value) },
  { title: '失败原因', dataIndex: 'reason', render: (value: string) => shown(value) },
];

const FAILURES_PER_PAGE = 8;

/** The block under each import tab (spec section 4): how many devices were created and why the others were not. */
export function ImportResult({ effectCount, failures, withRow = false }: ImportResultProps) {
  const failed = failures.length;
  return (
    <section aria-label="导入结果">
      <Flex vertical gap={8}>
        <Alert
          showIcon
          type={failed ? 'warning' : 'success'}
          title={`成功导入 ${effectCount} 台`}
          description={failed ? `失败 ${failed} ${withRow ? '行' : '个'}，原因如下` : '没有失败的记录'}
        />
        {failed > 0 && (
          <Table<ImportFailure>
            aria-label="导入失败明细"
            size="small"
            rowKey="key"
            columns={withRow ? [ROW_COLUMN, ...COLUMNS] : COLUMNS}
            dataSource={failures}
            pagination={
              failed > FAILURES_PER_PAGE
                ? { pageSize: FAILURES_PER_PAGE, showSizeChanger: false, size: 'small' }
                : false
            }
          />
        )}
      </Flex>
    </section>
  );
}
