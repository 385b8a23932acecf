import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { Providers } from '../providers';
import { queryClient } from '../query-client';
import { TopBar } from './top-bar';

describe('the top bar', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('holds the alert bell beside the one button of the user’s operations', async () => {
    fakeServer({ '/Alert/UnhandledCount': () => ({ data: { count: 2 } }) });
    const router = createMemoryRouter([{ path: '/', element: <TopBar onCloseAll={() => undefined} /> }]);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: '告警：2 条未处理' })).toBeTruthy();
    expect(within(banner).getAllByRole('button')).toHaveLength(1);
  });
});
