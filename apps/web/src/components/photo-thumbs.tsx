import { PictureOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Image, Skeleton, Tooltip } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { fetchPhoto } from '../api/photo';
import { QUERY_KEYS } from '../api/query-keys';

/** Photos are read under this key: one fetch per photo while it stays in the cache, whichever table shows it. */
/** A photo is up to 500 kB: the cache lets a page go back without fetching again, then lets the bytes go. */
const PHOTO_GC_MS = 60_000;

type Shown = { photoId: number; url: string } | { photoId: number; failed: true } | null;

/**
 * The object URL of a photo fetched with the token, owned by the component that shows it: made when the bytes
 * arrive, revoked when the component goes (or shows another photo).
 */
function usePhotoUrl(photoId: number): { url?: string; failed: boolean } {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown>(null);
  useEffect(() => {
    let live = true;
    let url: string | undefined;
    queryClient
      .fetchQuery({
        queryKey: [...QUERY_KEYS.photo, photoId],
        queryFn: ({ signal }) => fetchPhoto(photoId, signal),
        staleTime: Infinity,
        gcTime: PHOTO_GC_MS,
        retry: false,
      })
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setShown({ photoId, url });
      })
      .catch(() => {
        if (live) setShown({ photoId, failed: true });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [photoId, queryClient]);
  if (!shown || shown.photoId !== photoId) return { failed: false };
  return 'url' in shown ? { url: shown.url, failed: false } : { failed: true };
}

interface PhotoThumbProps {
  photoId: number;
  /** Its place among the punch's photos, for its name (事件照片1). */
  index: number;
  size: number;
}

function PhotoThumb({ photoId, index, size }: PhotoThumbProps) {
  const { url, failed } = usePhotoUrl(photoId);
  const box: CSSProperties = { width: size, height: size, borderRadius: 4, flex: 'none' };
  if (failed) {
    return (
      <Tooltip title="照片加载失败">
        <Flex
          role="img"
          aria-label={`事件照片${index + 1}加载失败`}
          align="center"
          justify="center"
          style={{ ...box, background: '#f5f5f5', color: '#bfbfbf' }}
        >
          <PictureOutlined />
        </Flex>
      </Tooltip>
    );
  }
  if (!url) return <Skeleton.Node active style={box} aria-label="照片加载中" />;
  return (
    <Image
      src={url}
      alt={`事件照片${index + 1}`}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
    />
  );
}

interface PhotoThumbsProps {
  photoIds: readonly number[] | null | undefined;
  /** The thumbnails' edge in pixels. */
  size?: number;
}

/**
 * A punch's 事件上报 photos as thumbnails, each fetched with the token; a click opens the preview, which pages
 * through the punch's other photos. Nothing at all when there are none.
 */
export function PhotoThumbs({ photoIds, size = 40 }: PhotoThumbsProps) {
  if (!photoIds?.length) return null;
  return (
    <Image.PreviewGroup>
      <Flex gap={4} wrap={false}>
        {photoIds.map((photoId, index) => (
          <PhotoThumb key={photoId} photoId={photoId} index={index} size={size} />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}
