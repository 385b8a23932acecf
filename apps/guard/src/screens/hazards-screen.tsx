import { HAZARD_LEVEL_TEXT, type HazardLevel, type HazardRow } from '@guard-tour/contract';
import { api } from '../api/client';
import { Button, Empty, Form, List, NavBar, PullToRefresh, Tag, TextArea, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { uploadPhoto } from '../api/guard-api';
import { PhotoField } from './photo-field';

/** 提交整改 from the field: a note and 0–3 photos, sent at once (the phone must be online). */
function FixForm({ hazard, onDone }: { hazard: HazardRow; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [busy, setBusy] = useState(false);
  const [shrinking, setShrinking] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const photo_ids = [];
      for (const photo of photos) photo_ids.push(await uploadPhoto(photo));
      await api.hazard.fixHazard({ hazard_id: hazard.hazard_id, note, photo_ids });
      Toast.show({ icon: 'success', content: '已提交整改，等待复核' });
      onDone();
    } catch (error) {
      Toast.show({ content: error instanceof Error ? error.message : '提交失败，请联网后重试' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" mode="card" aria-label={`整改 ${hazard.item_text}`}>
      <Form.Header>
        {hazard.patrol_name}：{hazard.item_text}
      </Form.Header>
      <Form.Item label="整改说明">
        <TextArea aria-label="整改说明" maxLength={200} rows={2} value={note} onChange={setNote} />
      </Form.Item>
      <Form.Item label="整改照片（最多 3 张）">
        <PhotoField
          photos={photos}
          onChange={setPhotos}
          inputLabel="整改拍照"
          disabled={busy}
          onShrinking={setShrinking}
        />
      </Form.Item>
      <Form.Item>
        <Button block color="primary" loading={busy || shrinking} onClick={() => void submit()}>
          提交整改
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 我的整改 (INSPECTION.md): the hazards assigned to this account in 整改中, to fix and report from the field. */
export function HazardsScreen({ onBack }: { onBack: () => void }) {
  const [rows, setRows] = useState<HazardRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const load = async () => {
    try {
      setRows(await api.hazard.myHazards());
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '加载失败');
    }
  };
  useEffect(() => {
    void load();
  }, []);
  const current = rows?.find((row) => row.hazard_id === open) ?? null;
  return (
    <div className="screen">
      <NavBar onBack={current ? () => setOpen(null) : onBack}>我的整改</NavBar>
      <div className="screen-body">
        {current ? (
          <FixForm
            hazard={current}
            onDone={() => {
              setOpen(null);
              void load();
            }}
          />
        ) : (
          <PullToRefresh onRefresh={load}>
            {error && <Empty description={error} />}
            {rows && rows.length === 0 && <Empty description="暂无待整改的隐患" />}
            {rows && rows.length > 0 && (
              <List mode="card">
                {rows.map((row) => (
                  <List.Item
                    key={row.hazard_id}
                    onClick={() => setOpen(row.hazard_id)}
                    description={`${row.answer} · 期限 ${row.deadline}`}
                    extra={
                      <>
                        {row.overdue && <Tag color="danger">已超期</Tag>}{' '}
                        <Tag color={row.level === 2 ? 'danger' : 'primary'} fill="outline">
                          {HAZARD_LEVEL_TEXT[row.level as HazardLevel]}
                        </Tag>
                      </>
                    }
                  >
                    {row.patrol_name}：{row.item_text}
                  </List.Item>
                ))}
              </List>
            )}
          </PullToRefresh>
        )}
      </div>
    </div>
  );
}
