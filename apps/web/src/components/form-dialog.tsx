import { Button, Modal, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { loadErrorText } from '@guard-tour/client/browser';
import { MSG } from '@guard-tour/client/messages';

/** How every dialog form lays out its labels and fields. */
export const DIALOG_FORM_LAYOUT = {
  labelCol: { flex: '96px' },
  wrapperCol: { flex: 1 },
  autoComplete: 'off',
  style: { marginTop: 16 },
} as const;

interface FormDialogProps {
  title: string;
  /** Saving: 确定 spins. */
  busy: boolean;
  /** Only looking (查看): one 关闭 button. */
  readOnly?: boolean;
  /** False while an existing object is still being read: 确定 waits. */
  ready?: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The 800px add / edit / view dialog of the list screens: 取消 and 确定, or 关闭 when only looking. */
export function FormDialog({ title, busy, readOnly = false, ready = true, onOk, onClose, children }: FormDialogProps) {
  return (
    <Modal
      open
      title={title}
      width={800}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        readOnly ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={busy} disabled={!ready} onClick={onOk}>
              确定
            </Button>
          </>
        )
      }
    >
      {children}
    </Modal>
  );
}

/** What a dialog shows while the object it edits is read: a spinner, or why it could not be read. */
export function DetailPending({ error }: { error: unknown }) {
  return error ? (
    <Result status="error" title={MSG.loadFailed} subTitle={loadErrorText(error)} />
  ) : (
    <Spin style={{ display: 'block', padding: 48 }} />
  );
}
