/**
 * The parts of the sale screen that wait for a tap: the payment panel (Pay), the receipt (Complete), the
 * manager's PIN and every dialog. Each is its own chunk, out of the cold load of /pos/sales (target:
 * ≤ 150 KB; the receipt brings zod with it), and all are fetched while the browser is idle once the screen is
 * up (useWarmSaleParts), so they open at once and keep working offline once fetched. Before that, a tap shows
 * a fallback that takes no room in the layout (an overlay, or the slot's own skeleton) and says it is loading.
 */
import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptLogic } from '../../components/receipt/receipt-logic';
import { lazyPart, preloadWhenIdle } from './lazy-part';
import { SkeletonBlock } from './skeleton-block';
import { tenderingActors } from './tendering/tendering-actors-context';

export const tenderingPart = lazyPart(() =>
  import('./tendering/tendering-panel').then((m) => m.TenderingPanel),
);
export const receiptPart = lazyPart(() =>
  import('../../components/receipt/sale-receipt').then((m) => m.SaleReceipt),
);
export const managerPinPart = lazyPart(() => import('./manager-pin-dialog').then((m) => m.ManagerPinDialog));
export const lineEditorPart = lazyPart(() => import('./line-editor-dialog').then((m) => m.LineEditorDialog));
export const discountsPart = lazyPart(() => import('./discounts-dialog').then((m) => m.DiscountsDialog));
export const tipsPart = lazyPart(() => import('./tips-dialog').then((m) => m.TipsDialog));
export const customerPart = lazyPart(() => import('./customer-dialog').then((m) => m.CustomerDialog));
export const waitingTicketsPart = lazyPart(() =>
  import('./waiting-tickets-drawer').then((m) => m.WaitingTicketsDrawer),
);
export const giftcardPart = lazyPart(() => import('./giftcard-dialog').then((m) => m.GiftcardDialog));

/** In the order a cashier meets them: Pay and its receipt first, then the ticket's dialogs. */
const WARM_UP = [
  tenderingPart,
  receiptPart,
  lineEditorPart,
  discountsPart,
  managerPinPart,
  tipsPart,
  customerPart,
  waitingTicketsPart,
  giftcardPart,
].map((part) => part.preload);

/**
 * Fetches every part once `ready` (the screen is up: the catalog shown) and the browser is idle; stops if the
 * screen goes. WHY wait for the catalog: the browser is idle while the catalog request is in flight, and
 * parsing the parts then would compete with building the catalog's index (20,000 items on a tablet).
 */
export function useWarmSaleParts(ready: boolean): void {
  // The real actors of the payment panel and the receipt come with their parts (app/ provides them by loaders).
  const preloadTendering = tenderingActors.usePreload();
  const preloadReceipt = receiptLogic.usePreload();
  useEffect(
    () => (ready ? preloadWhenIdle([preloadTendering, preloadReceipt, ...WARM_UP]) : undefined),
    [ready, preloadTendering, preloadReceipt],
  );
}

/** While a dialog's chunk arrives (a tap before the warm-up got to it): over the screen, out of its layout. */
export function DialogFallback() {
  const { t } = useTranslation('common');
  return (
    <Center
      position="fixed"
      inset="0"
      zIndex="modal"
      bg="bg/60"
      role="status"
      aria-label={t('loading')}
      data-testid="sale-part-loading"
    >
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
    </Center>
  );
}

/** While the payment panel's chunk arrives: the panel's slot, filled the way the catalog fills it. */
export function PanelFallback() {
  const { t } = useTranslation('common');
  return <SkeletonBlock count={8} height="16" label={t('loading')} columns />;
}

/** While the receipt's chunk arrives: what the receipt itself shows while it loads, so nothing jumps. */
export function ReceiptFallback() {
  const { t } = useTranslation('common');
  return (
    <Stack role="status" align="center" gap="3" py="10" w="full" data-testid="sale-part-loading">
      <Spinner size="lg" color="brand.fg" />
      <Text>{t('receipt.loading')}</Text>
    </Stack>
  );
}
