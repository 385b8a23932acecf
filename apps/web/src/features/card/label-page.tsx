import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadErrorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';
import { QUERY_KEYS } from '../../api/query-keys';
import { shown } from '../../components/cells';
import { useLoadErrorMessage } from '../../components/use-load-error-message';
import { useAppAddress, useLabelCards } from './api';
import { labelSourceOf, MAX_LABELS, pointUrl, readLabelSelection, type LabelPoint } from './label-sheet';
import { qrDataUrl } from './qr-code';

/**
 * An A4 sheet, 10 mm margins: three labels a row, four rows a page (60 × 65 mm each, dashed edges to cut along),
 * never a label cut in two; the window's own header is not printed.
 */
const PRINT_CSS = `
@page { size: A4; margin: 10mm; }
.card-labels { background: #fff; color: #000; width: 190mm; margin: 0 auto; padding: 8px 0; }
.card-labels .sheet { display: grid; grid-template-columns: repeat(3, 60mm); grid-auto-rows: 65mm; gap: 4mm 5mm; }
.card-labels .label {
  box-sizing: border-box; border: 1px dashed #999; padding: 3mm; overflow: hidden;
  display: flex; flex-direction: column; align-items: center; justify-content: space-between; text-align: center;
  break-inside: avoid; page-break-inside: avoid;
}
.card-labels .name { font-size: 14px; font-weight: 600; line-height: 1.3; max-height: 2.6em; overflow: hidden; }
.card-labels .qr { width: 38mm; height: 38mm; display: block; }
.card-labels .location { font-size: 11px; color: #333; line-height: 1.3; max-height: 2.6em; overflow: hidden; }
.card-labels .sn { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; font-weight: 600; }
@media print {
  .ant-layout-header, .ant-alert-banner, .card-labels .no-print { display: none !important; }
  html, body { background: #fff !important; }
  .ant-layout, .ant-layout-content { background: #fff !important; padding: 0 !important; min-height: 0 !important; }
  .card-labels { padding: 0; }
}
`;

function Label({ point, code, url }: { point: LabelPoint; code: string; url: string }) {
  return (
    <div className="label" role="listitem" aria-label={`巡检点标签 ${point.patrol_sn}`}>
      <div className="name">{shown(point.patrol_name)}</div>
      <img className="qr" src={code} alt={`二维码 ${point.patrol_sn}`} data-url={url} />
      <div className="location">{point.location?.trim() || ' '}</div>
      <div className="sn">{point.patrol_sn}</div>
    </div>
  );
}

/** The points of the sheet: those picked (kept in sessionStorage), or every point of the filter in the address. */
function useLabelPoints(search: URLSearchParams) {
  const source = useMemo(() => labelSourceOf(search), [search]);
  const [picked] = useState(readLabelSelection);
  const cards = useLabelCards(source);
  useLoadErrorMessage(cards);
  if (source.kind === 'selection') return { points: picked, total: picked.length, query: null };
  return { points: cards.data?.rows ?? null, total: cards.data?.total ?? 0, query: cards };
}

/**
 * 打印二维码 (/patrol/card_labels): a label per point with its name, location, card number and the QR code of
 * `<guard app>/p/<卡号>`; the browser's print dialog opens once the codes are drawn.
 */
export function CardLabelPage() {
  const [search] = useSearchParams();
  const { points, total, query } = useLabelPoints(search);
  const address = useAppAddress();
  useLoadErrorMessage(address);
  const appUrl = address.data?.url ?? '';
  const urls = useMemo(() => (points ?? []).map((point) => pointUrl(appUrl, point.patrol_sn)), [points, appUrl]);
  const codes = useQuery({
    queryKey: [...QUERY_KEYS.card, 'qr', urls],
    queryFn: () => Promise.all(urls.map(qrDataUrl)),
    enabled: appUrl !== '' && points !== null,
    staleTime: Infinity,
    retry: false,
  });
  const printed = useRef(false);

  const ready = codes.isSuccess && urls.length > 0;
  useEffect(() => {
    if (!ready || printed.current) return;
    // After the codes are painted, once; a sheet closed before then prints nothing.
    const timer = window.setTimeout(() => {
      printed.current = true;
      window.print();
    }, 300);
    return () => window.clearTimeout(timer);
  }, [ready]);

  const failed = [query, address, codes].find((one) => one?.isError);
  let body;
  if (failed) {
    body = <Result status="error" title={MSG.loadFailed} subTitle={loadErrorText(failed.error)} />;
  } else if (points !== null && points.length === 0) {
    body = (
      <Result status="info" title="没有要打印的巡检点" subTitle="请回到巡检点管理，勾选巡检点或调整查询条件后再打印" />
    );
  } else if (!ready || !codes.data) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  } else {
    body = (
      <div className="sheet" role="list" aria-label="巡检点标签">
        {(points ?? []).map((point, index) => (
          <Label key={point.patrol_id} point={point} code={codes.data[index] ?? ''} url={urls[index] ?? ''} />
        ))}
      </div>
    );
  }

  return (
    <div className="card-labels">
      <style>{PRINT_CSS}</style>
      <Flex className="no-print" vertical gap={8} style={{ marginBottom: 12 }}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            巡检点二维码
          </Typography.Title>
          <Flex align="center" gap={12}>
            {points && points.length > 0 && <Typography.Text>共 {points.length} 个巡检点</Typography.Text>}
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!ready}>
              打印
            </Button>
          </Flex>
        </Flex>
        {total > MAX_LABELS && (
          <Alert
            type="warning"
            showIcon
            title={`查询到 ${total} 个巡检点，一次最多打印 ${MAX_LABELS} 个，本页只有前 ${MAX_LABELS} 个；请缩小查询范围或勾选要打印的巡检点。`}
          />
        )}
      </Flex>
      {body}
    </div>
  );
}
