import { Typography } from 'antd';

/** A guard's 事件上报 note on one line: cut with … where it is long, the whole of it in a tooltip. */
export function NoteText({ note, maxWidth }: { note: string; maxWidth: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: note }} style={{ maxWidth, display: 'block' }}>
      {note}
    </Typography.Text>
  );
}
