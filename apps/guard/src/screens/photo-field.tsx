import { Button, Toast } from 'antd-mobile';
import { useRef } from 'react';
import { shrinkPhoto } from '../lib/shrink-photo';

/**
 * 1–3 photos from the camera, shrunk like 事件上报's (a checklist's 拍照 item, 提交整改's photos). A photo that cannot
 * be shrunk is not counted, and the guard is told to take it again.
 */
export function PhotoField({
  photos,
  onChange,
  inputLabel,
}: {
  photos: Blob[];
  onChange: (photos: Blob[]) => void;
  /** The file input's name (what a screen reader says, and the tests find it by). */
  inputLabel: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const add = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, 3 - photos.length);
    try {
      onChange([...photos, ...(await Promise.all(picked.map(shrinkPhoto)))]);
    } catch {
      Toast.show({ content: '照片处理失败，请重拍' });
    }
    if (input.current) input.current.value = '';
  };
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={inputLabel}
        onChange={(event) => void add(event.target.files)}
      />
      <Button size="small" disabled={photos.length >= 3} onClick={() => input.current?.click()}>
        拍照
      </Button>
      <span>已拍 {photos.length} 张</span>
    </div>
  );
}
