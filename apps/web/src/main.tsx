import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router, routerReady } from './app/router';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );

// index.html paints the login card while the code loads: render once the login screen's code is here too, so
// React's first paint replaces the card with the same card rather than with a loading spinner.
if (document.getElementById('login-splash')) void routerReady().then(render);
else render();
