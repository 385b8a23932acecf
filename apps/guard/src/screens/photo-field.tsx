import { MAX_PHOTOS_PER_PUNCH } from '@guard-tour/contract';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { shrinkPhoto } from '../lib/shrink-photo';

/**
 * Up to 3 photos from the camera, shrunk before they are kept, each shown as a thumbnail: 事件上报's, a checklist's
 * 拍照 item's and 提交整改's. A photo that cannot be shrunk is not counted, and the guard is told to take it again.
 */
export function PhotoField({
  photos,
  onChange,
  inputLabel,
  disabled = false,
  onShrinking,
}: {
  photos: Blob[];
  onChange: (photos: Blob[]) => void;
  /** The file input's name (what a screen reader says, and the tests find it by). */
  inputLabel: string;
  /** No photo taken meanwhile (the form is being sent). */
  disabled?: boolean;
  /** Told when photos start and stop being shrunk: a form is not sent before they are kept. */
  onShrinking?: (shrinking: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [shrinking, setShrinking] = useState(false);
  const thumbnails = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos]);
  useEffect(() => () => thumbnails.forEach((url) => URL.revokeObjectURL(url)), [thumbnails]);

  const busy = (value: boolean) => {
    setShrinking(value);
    onShrinking?.(value);
  };
  const add = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, MAX_PHOTOS_PER_PUNCH - photos.length);
    if (!picked.length) return;
    busy(true);
    try {
      onChange([...photos, ...(await Promise.all(picked.map(shrinkPhoto)))]);
    } catch {
      Toast.show({ content: '照片处理失败，请重拍' });
    } finally {
      busy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div>
      {thumbnails.length > 0 && (
        <div className="photos">
          {thumbnails.map((url, index) => (
            <img key={url} src={url} alt={`照片 ${index + 1}`} />
          ))}
        </div>
      )}
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
        <Button
          size="small"
          loading={shrinking}
          loadingText="处理中"
          disabled={disabled || shrinking || photos.length >= MAX_PHOTOS_PER_PUNCH}
          onClick={() => input.current?.click()}
        >
          拍照
        </Button>
        <span>已拍 {photos.length} 张</span>
      </div>
    </div>
  );
}
