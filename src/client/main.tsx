/**
 * The app's entry: translations, providers, router. Everything a route needs beyond the shell loads with
 * the route (routes.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';

/** Hash of locales/ at build time (vite.config.ts `define`): a new build never reads an older cached file. */
declare const __LOCALES_VERSION__: string;

initI18n({ version: __LOCALES_VERSION__ });
const router = createAppRouter();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
