// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../app/react-19';
import { PhotoField } from './photo-field';

const shrink = vi.hoisted(() => ({ fails: false }));
vi.mock('../lib/shrink-photo', () => ({
  shrinkPhoto: async (file: File) => {
    if (shrink.fails) throw new Error('canvas unavailable');
    return new Blob([file], { type: 'image/jpeg' });
  },
}));

function Field() {
  const [photos, setPhotos] = useState<Blob[]>([]);
  return <PhotoField photos={photos} onChange={setPhotos} inputLabel="整改拍照" />;
}

const take = () =>
  fireEvent.change(screen.getByLabelText('整改拍照'), {
    target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
  });

afterEach(() => {
  cleanup();
  shrink.fails = false;
});

describe('the photo field of a checklist item and of 提交整改', () => {
  it('counts a photo once it is shrunk', async () => {
    render(<Field />);
    take();
    expect(await screen.findByText('已拍 1 张')).toBeTruthy();
  });

  it('tells the guard to take a photo again when it cannot be shrunk, and does not count it', async () => {
    shrink.fails = true;
    render(<Field />);
    take();
    await waitFor(() => expect(document.body.textContent).toContain('照片处理失败，请重拍'));
    expect(screen.getByText('已拍 0 张')).toBeTruthy();
  });
});
