import { Button, Dialog, Input, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { cardNumberOf } from '../lib/card-number';
import { nfcReaderClass, readNfcCards } from '../lib/nfc';
import { Scanner } from './scanner';

/** The three ways to check a point: the camera, the NFC tag (where the browser has Web NFC), or typing. */
export function CheckActions({ onCard }: { onCard: (card: string) => void }) {
  const [scanning, setScanning] = useState(false);
  const [nfcOn, setNfcOn] = useState(false);
  const nfc = useRef<AbortController | null>(null);
  const hasNfc = nfcReaderClass() !== null;

  useEffect(() => () => nfc.current?.abort(), []);

  const toggleNfc = () => {
    if (nfc.current) {
      nfc.current.abort();
      nfc.current = null;
      setNfcOn(false);
      return;
    }
    const controller = new AbortController();
    nfc.current = controller;
    setNfcOn(true);
    readNfcCards(onCard, controller.signal).catch((error: unknown) => {
      nfc.current = null;
      setNfcOn(false);
      Toast.show({ content: error instanceof Error ? `NFC 不可用：${error.message}` : 'NFC 不可用' });
    });
  };

  const typeCard = () => {
    let typed = '';
    void Dialog.confirm({
      title: '输入卡号',
      content: <Input placeholder="巡检点卡号" aria-label="卡号" autoFocus onChange={(value) => (typed = value)} />,
      confirmText: '打卡',
      onConfirm: () => {
        const card = cardNumberOf(typed);
        if (!card) {
          Toast.show({ content: '卡号格式不正确' });
          throw new Error('bad card');
        }
        onCard(card);
      },
    });
  };

  return (
    <>
      <div className="actions">
        <Button color="primary" onClick={() => setScanning(true)}>
          扫码打卡
        </Button>
        {hasNfc && (
          <Button color={nfcOn ? 'warning' : 'primary'} fill={nfcOn ? 'solid' : 'outline'} onClick={toggleNfc}>
            {nfcOn ? '停止 NFC' : 'NFC 打卡'}
          </Button>
        )}
        <Button onClick={typeCard}>输入卡号</Button>
      </div>
      {scanning && (
        <Scanner
          onClose={() => setScanning(false)}
          onCard={(card) => {
            setScanning(false);
            onCard(card);
          }}
        />
      )}
    </>
  );
}
