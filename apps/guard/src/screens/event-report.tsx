import { MAX_EVENT_NOTE, MAX_PHOTOS_PER_PUNCH } from '@guard-tour/contract';
import { Button, Form, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { PhotoField } from './photo-field';

/** 事件上报: a note and up to 3 photos taken with the camera, shrunk before they are queued. */
export function EventReport({ onSubmit }: { onSubmit: (note: string, photos: Blob[]) => Promise<void> }) {
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [busy, setBusy] = useState(false);
  const [shrinking, setShrinking] = useState(false);

  const submit = async () => {
    if (!note.trim() && !photos.length) {
      Toast.show({ content: '请填写事件说明或拍照' });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(note, photos);
      setNote('');
      setPhotos([]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" mode="card">
      <Form.Header>事件上报</Form.Header>
      <Form.Item label="事件说明">
        <TextArea
          aria-label="事件说明"
          placeholder="发现的问题（选填）"
          value={note}
          onChange={setNote}
          maxLength={MAX_EVENT_NOTE}
          showCount
          rows={3}
        />
      </Form.Item>
      <Form.Item label={`照片（最多 ${MAX_PHOTOS_PER_PUNCH} 张）`}>
        <PhotoField photos={photos} onChange={setPhotos} inputLabel="拍照" disabled={busy} onShrinking={setShrinking} />
      </Form.Item>
      <Form.Item>
        <Button block color="primary" loading={busy || shrinking} onClick={() => void submit()}>
          上报
        </Button>
      </Form.Item>
    </Form>
  );
}
