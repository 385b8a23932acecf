import { MAX_EVENT_NOTE, MAX_PHOTOS_PER_PUNCH } from '@guard-tour/contract';
import { Button, Form, TextArea, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { shrinkPhoto } from '../lib/shrink-photo';

/** 事件上报: a note and up to 3 photos taken with the camera, shrunk before they are queued. */
export function EventReport({ onSubmit }: { onSubmit: (note: string, photos: Blob[]) => Promise<void> }) {
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<{ blob: Blob; url: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.url)), [photos]);

  const add = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, MAX_PHOTOS_PER_PUNCH - photos.length);
    if (!picked.length) return;
    setBusy(true);
    try {
      const shrunk = await Promise.all(picked.map(shrinkPhoto));
      setPhotos((current) => [...current, ...shrunk.map((blob) => ({ blob, url: URL.createObjectURL(blob) }))]);
    } catch {
      Toast.show({ content: '照片处理失败，请重拍' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const submit = async () => {
    if (!note.trim() && !photos.length) {
      Toast.show({ content: '请填写事件说明或拍照' });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(
        note,
        photos.map((photo) => photo.blob),
      );
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
        <div className="photos">
          {photos.map((photo, index) => (
            <img key={photo.url} src={photo.url} alt={`照片 ${index + 1}`} />
          ))}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          aria-label="拍照"
          onChange={(event) => void add(event.target.files)}
        />
        <Button
          size="small"
          disabled={busy || photos.length >= MAX_PHOTOS_PER_PUNCH}
          onClick={() => input.current?.click()}
        >
          拍照
        </Button>
      </Form.Item>
      <Form.Item>
        <Button block color="primary" loading={busy} onClick={() => void submit()}>
          上报
        </Button>
      </Form.Item>
    </Form>
  );
}
