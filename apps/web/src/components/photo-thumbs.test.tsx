import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { queryClient } from '../app/query-client';
import { clearSession, startSession } from '@guard-tour/client/session';
import { PhotoThumbs } from './photo-thumbs';
import { ADMIN_SESSION } from '@guard-tour/client/testing';

interface Sent {
  url: string;
  authorization: string | undefined;
}

/** The photo route: photo 404 answers the envelope a missing photo gets, the others a PNG's bytes. */
function servePhotos() {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({ url, authorization: headers.Authorization });
    const id = new URL(url, 'http://localhost').searchParams.get('photo_id');
    if (id === '404') {
      return Promise.resolve(
        new Response(JSON.stringify({ code: 404, msg: '照片不存在或已删除', data: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, Number(id)]);
    return Promise.resolve(new Response(bytes, { headers: { 'Content-Type': 'image/png' } }));
  });
  return sent;
}

describe('event photos in a table', { timeout: 30_000 }, () => {
  let made: string[];
  let revoked: string[];

  beforeEach(() => {
    startSession(ADMIN_SESSION);
    made = [];
    revoked = [];
    // jsdom has no object URLs: each blob gets a name of its own.
    URL.createObjectURL = vi.fn(() => {
      const url = `blob:photo-${made.length + 1}`;
      made.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  });

  afterEach(() => {
    queryClient.clear();
    clearSession();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches each photo with the account’s token, shows thumbnails and lets the URLs go when the table goes', async () => {
    const sent = servePhotos();
    const view = render(
      <Providers>
        <PhotoThumbs photoIds={[5, 6]} />
      </Providers>,
    );
    const first = await screen.findByRole('img', { name: '事件照片1' });
    const second = await screen.findByRole('img', { name: '事件照片2' });
    expect(sent.map((one) => one.url).sort()).toEqual([
      '/proxyserver/api/Terminal/Photo?photo_id=5',
      '/proxyserver/api/Terminal/Photo?photo_id=6',
    ]);
    expect(sent.every((one) => one.authorization === `Bearer ${ADMIN_SESSION.token}`)).toBe(true);
    expect([first.getAttribute('src'), second.getAttribute('src')].sort()).toEqual(['blob:photo-1', 'blob:photo-2']);
    view.unmount();
    expect(revoked.sort()).toEqual(['blob:photo-1', 'blob:photo-2']);
  });

  it('opens a thumbnail in the preview', async () => {
    servePhotos();
    render(
      <Providers>
        <PhotoThumbs photoIds={[7]} />
      </Providers>,
    );
    const thumb = await screen.findByRole('img', { name: '事件照片1' });
    fireEvent.click(thumb);
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).not.toBeNull());
    const shown = [...document.querySelectorAll('.ant-image-preview img')].map((img) => img.getAttribute('src'));
    expect(shown).toContain(thumb.getAttribute('src'));
  });

  it('marks a photo it may not see, and shows nothing for a punch without photos', async () => {
    servePhotos();
    const { container } = render(
      <Providers>
        <PhotoThumbs photoIds={[404]} />
        <PhotoThumbs photoIds={[]} />
      </Providers>,
    );
    expect(await screen.findByRole('img', { name: '事件照片1加载失败' })).toBeTruthy();
    expect(container.querySelectorAll('.ant-image')).toHaveLength(0);
  });
});
