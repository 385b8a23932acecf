import { Button, Popup } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { cardNumberOf } from '../lib/card-number';

/** Frames are read at most this often. */
const FRAME_MS = 120;
/**
 * How wide a frame is read, taking turns: a label held 20–50 cm away reads at 320 pixels, where jsQR takes a
 * quarter of its time at 640 (some 200 ms a frame on a slow phone, and the first frame is the one that counts); a
 * label further away, or a dense code, reads at 640 on the next frame.
 */
const FRAME_WIDTHS = [320, 640];

/** The camera (getUserMedia) read frame by frame with jsQR until a point's code shows up. */
export function Scanner({ onCard, onClose }: { onCard: (card: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [hint, setHint] = useState('对准巡检点二维码');
  const found = useRef(onCard);
  useEffect(() => {
    found.current = onCard;
  }, []);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('此浏览器无法使用摄像头');
      const [{ default: jsQR }, media] = await Promise.all([
        import('jsqr'),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
      ]);
      stream = media;
      if (stopped || !video.current) return;
      video.current.srcObject = media;
      await video.current.play().catch(() => undefined);
      let frames = 0;
      const read = () => {
        if (stopped) return;
        const element = video.current;
        if (element && context && element.videoWidth > 0) {
          const width = FRAME_WIDTHS[frames++ % FRAME_WIDTHS.length]!;
          const scale = Math.min(1, width / element.videoWidth);
          canvas.width = Math.round(element.videoWidth * scale);
          canvas.height = Math.round(element.videoHeight * scale);
          context.drawImage(element, 0, 0, canvas.width, canvas.height);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
          if (code?.data) {
            const card = cardNumberOf(code.data);
            if (card) {
              stopped = true;
              found.current(card);
              return;
            }
            setHint('这不是巡检点的二维码');
          }
        }
        timer = setTimeout(read, FRAME_MS);
      };
      read();
    };

    start().catch((error: unknown) => {
      const denied = error instanceof Error && error.name === 'NotAllowedError';
      setProblem(denied ? '无法打开摄像头，请允许使用相机' : error instanceof Error ? error.message : '无法打开摄像头');
    });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ padding: 12 }}>
      <div className="scanner" role="dialog" aria-label="扫码打卡">
        <video ref={video} muted playsInline aria-label="相机画面" />
        <p className="status-line">{problem ?? hint}</p>
        <Button block onClick={onClose}>
          取消
        </Button>
      </div>
    </Popup>
  );
}
