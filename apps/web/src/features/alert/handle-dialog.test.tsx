import { alertMessages } from '@guard-tour/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { HandleDialog } from './handle-dialog';
import { handleError, toHandleInput } from './handle-values';

describe('the note of 处理', () => {
  it('may be empty, and is sent trimmed with the alerts picked', () => {
    expect(handleError([3], { note: '' })).toBeNull();
    expect(handleError([3, 4], { note: ' 已电话联系巡检员 ' })).toBeNull();
    expect(toHandleInput([3, 4], { note: ' 已电话联系巡检员 ' })).toEqual({
      alert_ids: [3, 4],
      note: '已电话联系巡检员',
    });
  });

  it('holds at most 200 characters and no NUL, and needs an alert to handle', () => {
    expect(handleError([3], { note: '巡'.repeat(200) })).toBeNull();
    expect(handleError([3], { note: '巡'.repeat(201) })).toBe(alertMessages.noteTooLong);
    expect(handleError([3], { note: `已处理\u0000` })).toBe(alertMessages.badNote);
    expect(handleError([], { note: '已处理' })).toBe(alertMessages.badIds);
  });
});

describe('the 处理 dialog', { timeout: 30_000 }, () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  function renderDialog(onDone = vi.fn()) {
    render(
      <Providers>
        <HandleDialog alertIds={[3, 4]} onDone={onDone} onClose={() => undefined} />
      </Providers>,
    );
    return onDone;
  }

  it('refuses a note over 200 characters without calling the server', async () => {
    const server = fakeServer({ '/Alert/Handle': () => ({ data: null }) });
    const onDone = renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/将 2 条告警标为已处理/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '巡'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(alertMessages.noteTooLong)).toBeTruthy();
    expect(server.callsTo('/Alert/Handle')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the alerts and the note, says so, and is done', async () => {
    const server = fakeServer({ '/Alert/Handle': () => ({ data: null }) });
    const onDone = renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: ' 已补巡 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(server.callsTo('/Alert/Handle')[0]?.body).toEqual({ alert_ids: [3, 4], note: '已补巡' });
    expect(await screen.findByText('恭喜你，提交成功！')).toBeTruthy();
  });

  it('shows the server’s reason when it refuses', async () => {
    fakeServer({ '/Alert/Handle': () => ({ code: 403, msg: '无权处理其他组织的告警' }) });
    const onDone = renderDialog();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('无权处理其他组织的告警')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
