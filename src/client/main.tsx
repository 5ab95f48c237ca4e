/**
 * Foundation build entry. The real app shell (Chakra theme, router, layouts, i18n) arrives with the POS app
 * issue; until then this page says plainly what this build contains, so nobody mistakes it for the product.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FoundationPage } from './app/foundation-page';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <FoundationPage />
    </StrictMode>,
  );
}
