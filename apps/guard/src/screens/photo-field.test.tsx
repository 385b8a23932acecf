// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../app/react-19';
import { PhotoField } from './photo-field';

const shrink = vi.hoisted(() => ({ fails: false, hold: null as Promise<void> | null }));
vi.mock('../lib/shrink-photo', () => ({
  shrinkPhoto: async (file: File) => {
    await shrink.hold;
    if (shrink.fails) throw new Error('canvas unavailable');
    return new Blob([file], { type: 'image/jpeg' });
  },
}));

function Field({ onShrinking }: { onShrinking?: (shrinking: boolean) => void }) {
  const [photos, setPhotos] = useState<Blob[]>([]);
  return <PhotoField photos={photos} onChange={setPhotos} inputLabel="整改拍照" onShrinking={onShrinking} />;
}

const take = () =>
  fireEvent.change(screen.getByLabelText('整改拍照'), {
    target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
  });

afterEach(() => {
  cleanup();
  shrink.fails = false;
  shrink.hold = null;
});

describe('the photo field of 事件上报, a checklist item and 提交整改', () => {
  it('counts a photo once it is shrunk', async () => {
    render(<Field />);
    take();
    expect(await screen.findByText('已拍 1 张')).toBeTruthy();
    expect(screen.getByRole('img', { name: '照片 1' }).getAttribute('src')).toMatch(/^blob:/);
  });

  it('takes no other photo while one is shrunk, and tells its form (which waits to send)', async () => {
    let release = () => {};
    shrink.hold = new Promise<void>((resolve) => (release = resolve));
    const told: boolean[] = [];
    render(<Field onShrinking={(shrinking) => told.push(shrinking)} />);
    take();
    await waitFor(() => expect(told).toEqual([true]));
    expect(screen.getByRole('button', { name: /处理中/ }).hasAttribute('disabled')).toBe(true);
    release();
    expect(await screen.findByText('已拍 1 张')).toBeTruthy();
    expect(told).toEqual([true, false]);
    expect(screen.getByRole('button', { name: /拍照/ }).hasAttribute('disabled')).toBe(false);
  });

  it('tells the guard to take a photo again when it cannot be shrunk, and does not count it', async () => {
    shrink.fails = true;
    render(<Field />);
    take();
    await waitFor(() => expect(document.body.textContent).toContain('照片处理失败，请重拍'));
    expect(screen.getByText('已拍 0 张')).toBeTruthy();
  });
});
