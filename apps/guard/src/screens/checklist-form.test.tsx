// @vitest-environment jsdom
import type { AppPunchRecord, ChecklistItem, UploadPunchesResult } from '@guard-tour/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../app/react-19';
import { memoryStore, PunchQueue, type PunchSender } from '../lib/punch-queue';
import { ChecklistForm } from './checklist-form';

const ITEMS: ChecklistItem[] = [
  {
    item_id: 11,
    text: '消防门关闭',
    kind: 1,
    required: true,
    critical: true,
    unit: '',
    min: null,
    max: null,
    options: [],
  },
  {
    item_id: 12,
    text: '管网压力',
    kind: 2,
    required: true,
    critical: false,
    unit: 'MPa',
    min: 0.2,
    max: 0.6,
    options: [],
  },
  {
    item_id: 13,
    text: '灭火器铅封',
    kind: 3,
    required: false,
    critical: false,
    unit: '',
    min: null,
    max: null,
    options: [
      { text: '完好', abnormal: false },
      { text: '破损', abnormal: true },
    ],
  },
  { item_id: 14, text: '备注', kind: 4, required: false, critical: false, unit: '', min: null, max: null, options: [] },
];

afterEach(cleanup);

/** INSPECTION.md: the point's items after the check; 提交 refused until every required item is answered. */
describe('the checklist after a check', () => {
  it('refuses 提交 while a required item is unanswered, naming it, then hands over the answers', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<ChecklistForm items={ITEMS} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写：消防门关闭、管网压力');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByText('异常'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByRole('alert').textContent).toBe('请填写：管网压力');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('请输入数值'), { target: { value: '0.8' } });
    expect(screen.getByText('超出范围')).toBeTruthy();
    fireEvent.click(screen.getByText('破损'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith([
      { item_id: 11, value: '异常' },
      { item_id: 12, value: '0.8' },
      { item_id: 13, option: '破损' },
    ]);
  });
});

describe('answers in the offline queue', () => {
  const sender = () => {
    const sent: AppPunchRecord[][] = [];
    const value: PunchSender = {
      uploadPhoto: vi.fn(() => Promise.resolve(77)),
      sendPunches: vi.fn((records: AppPunchRecord[]) => {
        sent.push(records);
        const answer: UploadPunchesResult = { accepted: records.length, duplicates: 0, rejected: [] };
        return Promise.resolve(answer);
      }),
    };
    return { sent, value };
  };

  it('holds the punch until its items are answered, keeps both across a reopen, and sends them together', async () => {
    const store = memoryStore();
    const queue = new PunchQueue(store);
    const held = await queue.add('PUMP', '2026-11-23 08:00:00', { holding: true });
    await queue.add('DOOR', '2026-11-23 08:01:00');
    const server = sender();
    expect((await queue.flush(server.value)).accepted).toBe(1);
    expect(server.sent.flat().map((r) => r.patrol_sn)).toEqual(['DOOR']);

    // The app closed and opened again: the held punch is still there, and takes its answers with a photo.
    const reopened = new PunchQueue(store);
    await reopened.answer(held.key, [
      { item_id: 11, value: '异常' },
      { item_id: 15, photos: [new Blob(['jpeg'], { type: 'image/jpeg' })] },
    ]);
    expect(await reopened.flush(server.value)).toMatchObject({ accepted: 1 });
    expect(server.sent.at(-1)).toEqual([
      {
        patrol_sn: 'PUMP',
        punch_time: '2026-11-23 08:00:00',
        answers: [
          { item_id: 11, value: '异常' },
          { item_id: 15, photo_ids: [77] },
        ],
      },
    ]);
    expect(await reopened.list()).toEqual([]);
    expect(store.photos.size).toBe(0);
  });
});
