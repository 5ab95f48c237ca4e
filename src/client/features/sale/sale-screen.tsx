/**
 * The sale screen, /pos/sales and /pos/sales/:id: one view per mode of the sale machine
 * (selectMode). Building: employees on the left, the catalog in the centre, the ticket on the right (a
 * 10-inch tablet in landscape, 1280×800, holds the three; narrower screens stack them). Tendering puts the
 * payment panel where the catalog was, with the ticket still in view; the manager's PIN is a dialog over the
 * ticket; completing shows the work in progress over it; the receipt takes the whole screen. The payment
 * panel, the PIN dialog and the receipt are chunks of their own, warmed when the browser is idle
 * (sale-parts.tsx), so the first load carries only what building a ticket needs.
 *
 * The actors come from app/areas/sale-area.tsx (SaleActor with the real calls, CatalogActor with the real
 * loader); nothing here starts work: every request is invoked by a machine (client brief).
 */
import {
  Alert,
  Box,
  Button,
  Center,
  Grid,
  Heading,
  HStack,
  Spinner,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCatalogStatus } from '../../../../machines/catalog-browser/catalog-browser.selectors';
import type { CatalogBrowserSnapshot } from '../../../../machines/catalog-browser/catalog-browser.selectors';
import type { SaleMode } from '../../../../machines/sale/sale.selectors';
import {
  selectChangeDue,
  selectCreatedSale,
  selectCurrency,
  selectError,
  selectIsCompletedSale,
  selectIsPendingSync,
  selectMode,
  selectOrder,
  selectTotals,
} from '../../../../machines/sale/sale.selectors';
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import type { ReceiptData } from '../../../contracts/receipts';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { formatMoney } from '../../lib/format';
import { localReceipt } from './local-receipt';
import { ringUpTime } from './ring-up-time';
import { CatalogActor } from './catalog-actor';
import { CatalogPanel } from './catalog-panel';
import { EmployeeBar } from './employee-bar';
import { SaleActor } from './sale-actor';
import { SaleErrorBanner, SaleErrorMessage } from './sale-error-alert';
import {
  DialogFallback,
  managerPinPart,
  PanelFallback,
  receiptPart,
  ReceiptFallback,
  tenderingPart,
  useWarmSaleParts,
} from './sale-parts';
import { SkeletonBlock } from './skeleton-block';
import { TicketPanel } from './ticket-panel';
import { TicketSummaryBar } from './ticket-summary-bar';

function ScreenHeading() {
  const { t } = useTranslation('common');
  return (
    <Heading as="h1" srOnly>
      {t('sale.title')}
    </Heading>
  );
}

/** /pos/sales/:id while the sale loads. */
function LoadingSale() {
  const { t } = useTranslation('common');
  return (
    <Stack p="4" gap="4" data-testid="sale-loading">
      <ScreenHeading />
      <SkeletonBlock count={6} height="16" label={t('sale.loadingSale')} />
    </Stack>
  );
}

function LoadFailed() {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const error = SaleActor.useSelector(selectError);
  return (
    <Center p="4" data-testid="sale-load-failed">
      <Stack gap="4" maxW="lg" w="full">
        <ScreenHeading />
        {error && <SaleErrorMessage error={error} />}
        <HStack gap="3" wrap="wrap">
          <Button size="xl" colorPalette="brand" onClick={() => sale.send({ type: 'load.retry' })}>
            {t('sale.actions.retry')}
          </Button>
          <Button size="xl" variant="outline" onClick={() => sale.send({ type: 'load.cancel' })}>
            {t('sale.actions.newSaleInstead')}
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}

function Completing() {
  const { t } = useTranslation('common');
  return (
    <Center position="absolute" inset="0" bg="bg/80" zIndex="overlay" data-testid="sale-completing">
      <Stack align="center" gap="3" role="status" aria-live="polite">
        <Spinner size="xl" color="brand.solid" borderWidth="4px" />
        <Text fontSize="lg" fontWeight="semibold">
          {t('sale.completing')}
        </Text>
      </Stack>
    </Center>
  );
}

function CompletedSaleNotice() {
  const { t } = useTranslation('common');
  const completed = SaleActor.useSelector(selectIsCompletedSale);
  if (!completed) return null;
  return (
    <Alert.Root status="warning" data-testid="sale-completed-notice">
      <Alert.Indicator />
      <Alert.Title>{t('sale.completedNotice')}</Alert.Title>
    </Alert.Root>
  );
}

function Workspace({ mode }: { mode: SaleMode }) {
  // Below the wide layout (a landscape 10-inch tablet) the ticket is under the catalog: the summary bar keeps
  // its total and Pay in view while a ticket is built.
  const compact = useBreakpointValue({ base: true, lg: false }) ?? false;
  return (
    <Grid
      position="relative"
      templateColumns={{
        base: 'minmax(0, 1fr)',
        md: '10rem minmax(0, 1fr)',
        lg: '11rem minmax(0, 1fr) 27rem',
      }}
      gap="3"
      p="3"
      h={{ lg: 'full' }}
      minH="0"
      data-testid="sale-screen"
      data-mode={mode}
    >
      <ScreenHeading />
      <Box overflowY={{ lg: 'auto' }} minH="0">
        <EmployeeBar />
      </Box>
      <Stack gap="3" minH="0" h={{ lg: 'full' }} overflow="hidden">
        <CompletedSaleNotice />
        <SaleErrorBanner />
        {mode === 'tendering' || mode === 'completing' ? (
          <Suspense fallback={<PanelFallback />}>
            <tenderingPart.Component />
          </Suspense>
        ) : (
          <CatalogPanel />
        )}
      </Stack>
      <Box gridColumn={{ md: '1 / -1', lg: 'auto' }} minH="0" h={{ lg: 'full' }}>
        <TicketPanel />
      </Box>
      {compact && mode === 'building' && <TicketSummaryBar />}
      {mode === 'completing' && <Completing />}
      {mode === 'awaitingPin' && (
        <Suspense fallback={<DialogFallback />}>
          <managerPinPart.Component />
        </Suspense>
      )}
    </Grid>
  );
}

/** The numbers the cashier needs first once paid: the change to hand back, the ticket and invoice. */
/**
 * A sale queued offline (docs/offline.md): its receipt from the order the till holds, at the time it was rung
 * up (the time its queued request carries), marked pending by the receipt component.
 */
function usePendingReceipt(pending: boolean): ReceiptData | undefined {
  const order = SaleActor.useSelector(selectOrder);
  const totals = SaleActor.useSelector(selectTotals);
  const key = SaleActor.useSelector((s) => s.context.idempotencyKey);
  const store = useAuthSelector(selectStoreSettings);
  return useMemo(
    () =>
      pending && key !== null
        ? localReceipt({ order, totals, store, orderAt: order.order_at ?? ringUpTime(key) })
        : undefined,
    [pending, order, totals, store, key],
  );
}

function SaleDone() {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const created = SaleActor.useSelector(selectCreatedSale);
  const pending = SaleActor.useSelector(selectIsPendingSync);
  const change = SaleActor.useSelector(selectChangeDue);
  const currency = SaleActor.useSelector(selectCurrency);
  const uuid = SaleActor.useSelector((s) => s.context.order.uuid);
  const pendingReceipt = usePendingReceipt(pending);
  return (
    <Stack p="4" gap="4" align="center" data-testid="sale-done">
      <Heading as="h1" size="2xl">
        {t('sale.done.title')}
      </Heading>
      {created && (
        <Text data-testid="sale-done-numbers">
          {t('sale.done.numbers', { ticket: created.daily_ticket_no, invoice: created.invoice_no })}
        </Text>
      )}
      {change > 0 && (
        <Text fontSize="3xl" fontWeight="bold" color="brand.fg" data-testid="sale-done-change">
          {t('sale.done.change', { amount: formatMoney(change, i18n.language, currency) })}
        </Text>
      )}
      <Suspense fallback={<ReceiptFallback />}>
        <receiptPart.Component
          saleUuid={uuid}
          pendingSync={pending}
          {...(pendingReceipt ? { localReceipt: pendingReceipt } : {})}
          onNewSale={() => sale.send({ type: 'receipt.done' })}
        />
      </Suspense>
    </Stack>
  );
}

const selectCatalogSettled = (snapshot: CatalogBrowserSnapshot): boolean =>
  selectCatalogStatus(snapshot) !== 'loading';

export function SaleScreen() {
  const mode = SaleActor.useSelector(selectMode);
  // Once the screen is up (its catalog shown), Pay, the receipt and the dialogs are fetched in idle time.
  useWarmSaleParts(CatalogActor.useSelector(selectCatalogSettled));
  if (mode === 'loading') return <LoadingSale />;
  if (mode === 'loadFailed') return <LoadFailed />;
  if (mode === 'receipt') return <SaleDone />;
  return <Workspace mode={mode} />;
}
