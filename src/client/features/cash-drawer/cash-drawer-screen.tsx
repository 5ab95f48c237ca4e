/**
 * The cash drawer screen (/pos/cash-drawer; docs/cash-drawer.md): open the workstation's drawer with a float
 * counted by denomination, record pay ins, pay outs, drops and tip outs with a reason, close with a blind
 * count, then see over/short and print the Z report. It renders the cash drawer chart (machines/cash-drawer)
 * and sends it events; loading, failure, offline and every step are the chart's states.
 *
 * Test ids for the end-to-end tests: `cash-drawer` (data-status: the chart's state), `drawer-open-start`,
 * `denomination-<id>`, `count-total`, `drawer-open-submit`, `drawer-expected`, `movement-kind`,
 * `movement-amount`, `movement-reason`, `movement-submit`, `drawer-movement`, `drawer-close-start`,
 * `drawer-close-submit`, `manager-pin`, `manager-pin-submit`, `drawer-over-short` (data-kind), `z-report`,
 * `z-report-print`, `drawer-error`, `drawer-saved-offline`, `drawer-<part>` for each part of the expected
 * cash (`drawer-cash_refunds`...), `drawer-no-sale` (the "No sale" open, components/cash-drawer/no-sale-form.tsx).
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import { NoSaleForm } from '../../components/cash-drawer/no-sale-form';
import { readPrinterSettings } from '../../lib/printing/printer-settings';
import {
  selectCanSubmitCount,
  selectClosed,
  selectCount,
  selectCountTotal,
  selectError,
  selectExpected,
  selectExpectedOpening,
  selectFailure,
  selectIsBusy,
  selectManagerNeeded,
  selectSavedOffline,
  selectSession,
  selectStatus,
} from '../../../../machines/cash-drawer/cash-drawer.selectors';
import type { DrawerSession, ExpectedCashView } from '../../../contracts/cash-drawer';
import { parseAmount } from '../../../domain/amount';
import { MOVEMENT_KINDS, US_DENOMINATIONS, overShortKind } from '../../../domain/cash-drawer';
import type { MovementKind } from '../../../domain/cash-drawer';
import { printReceipt } from '../../components/receipt/print-page';
import '../../components/receipt/receipt.css';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { formatDateTime, formatMoney } from '../../lib/format';
import { cashDrawerLogic } from './cash-drawer-logic';
import { NS, errorKeys } from './cash-drawer-text';

type DrawerActor = ActorRefFrom<ReturnType<typeof cashDrawerLogic>>;

const OVER_SHORT_PALETTE = { over: 'orange', short: 'red', balanced: 'green' } as const;

/** Money in the store's currency and the reader's language. */
function useMoney(): (minor: number) => string {
  const { i18n } = useTranslation();
  const currency = useAuthSelector(selectStoreSettings)?.currency;
  return (minor: number) => formatMoney(minor, i18n.language, currency);
}

function useStoreDateTime(): (at: string) => string {
  const { i18n } = useTranslation();
  const timeZone = useAuthSelector(selectStoreSettings)?.timezone;
  return (at: string) => formatDateTime(at, i18n.language, timeZone);
}

function ErrorText({ actor }: { actor: DrawerActor }) {
  const { t } = useTranslation([NS, 'common']);
  const error = useSelector(actor, selectError);
  if (!error) return null;
  return (
    <Text role="alert" color="fg.error" fontWeight="medium" data-testid="drawer-error">
      {t(errorKeys(error))}
    </Text>
  );
}

/**
 * One row per denomination: a number field (Tab moves down the column, the numeric keypad on a tablet) and
 * − / + buttons big enough for a finger. The row's subtotal is shown beside it.
 */
function DenominationGrid({ actor }: { actor: DrawerActor }) {
  const { t } = useTranslation(NS);
  const money = useMoney();
  const count = useSelector(actor, selectCount);
  const total = useSelector(actor, selectCountTotal);
  const busy = useSelector(actor, selectIsBusy);
  const set = (id: string, pieces: number) => actor.send({ type: 'count.set', id, pieces });
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" as="ul" listStyleType="none">
        {US_DENOMINATIONS.map((d) => {
          const pieces = count[d.id] ?? 0;
          const label = t(`denominations.${d.id}`);
          return (
            <HStack as="li" key={d.id} gap="2" borderWidth="1px" borderRadius="md" p="2">
              <Text flex="1" fontWeight="medium">
                {label}
              </Text>
              <Button
                size="lg"
                variant="outline"
                aria-label={t('count.less', { denomination: label })}
                onClick={() => set(d.id, pieces - 1)}
                disabled={busy || pieces === 0}
              >
                −
              </Button>
              <Input
                w="20"
                size="lg"
                textAlign="center"
                inputMode="numeric"
                pattern="[0-9]*"
                aria-label={t('count.pieces', { denomination: label })}
                value={pieces === 0 ? '' : String(pieces)}
                placeholder="0"
                onChange={(e) => set(d.id, Number(e.target.value.replace(/\D/g, '') || '0'))}
                disabled={busy}
                data-testid={`denomination-${d.id}`}
              />
              <Button
                size="lg"
                variant="outline"
                aria-label={t('count.more', { denomination: label })}
                onClick={() => set(d.id, pieces + 1)}
                disabled={busy}
              >
                +
              </Button>
              <Text w="24" textAlign="end" color="fg.muted">
                {money(pieces * d.value)}
              </Text>
            </HStack>
          );
        })}
      </SimpleGrid>
      <HStack justify="space-between" fontSize="xl" fontWeight="semibold">
        <Text>{t('count.total')}</Text>
        <Text data-testid="count-total">{money(total)}</Text>
      </HStack>
    </Stack>
  );
}

function ExpectedLines({ expected }: { expected: ExpectedCashView }) {
  const { t } = useTranslation(NS);
  const money = useMoney();
  const lines: [string, number][] = [
    ['expected.opening_float', expected.opening_float],
    ['expected.cash_taken', expected.cash_taken],
    ['expected.change_given', -expected.change_given],
    ['expected.pay_ins', expected.pay_ins],
    ['expected.pay_outs', -expected.pay_outs],
    ['expected.drops', -expected.drops],
    ['expected.tip_outs', -expected.tip_outs],
    ['expected.cash_refunds', -expected.cash_refunds],
  ];
  return (
    <Stack gap="1" as="dl">
      {lines.map(([key, amount]) => (
        <HStack key={key} justify="space-between">
          <Text as="dt">{t(key)}</Text>
          <Text as="dd" data-testid={`drawer-${key.slice('expected.'.length)}`}>
            {money(amount)}
          </Text>
        </HStack>
      ))}
      <HStack justify="space-between" fontWeight="bold" borderTopWidth="1px" pt="1">
        <Text as="dt">{t('expected.total')}</Text>
        <Text as="dd" data-testid="drawer-expected">
          {money(expected.expected)}
        </Text>
      </HStack>
    </Stack>
  );
}

function MovementForm({ actor }: { actor: DrawerActor }) {
  const { t } = useTranslation(NS);
  const busy = useSelector(actor, selectIsBusy);
  const currency = useAuthSelector(selectStoreSettings)?.currency;
  const [kind, setKind] = useState<MovementKind>('pay_out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const minor = parseAmount(amount, currency);
  const valid = minor !== null && minor > 0 && reason.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    actor.send({ type: 'movement.submit', kind, amount: minor, reason: reason.trim() });
    setAmount('');
    setReason('');
  };
  return (
    <Stack as="form" gap="3" onSubmit={submit} aria-label={t('movement.title')}>
      <Heading as="h2" size="lg">
        {t('movement.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root>
          <Field.Label>{t('movement.kind')}</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              value={kind}
              onChange={(e) => setKind(e.target.value as MovementKind)}
              data-testid="movement-kind"
            >
              {MOVEMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`movement.kinds.${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={amount !== '' && (minor === null || minor <= 0)}>
          <Field.Label>{t('movement.amount')}</Field.Label>
          <Input
            size="lg"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="movement-amount"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('movement.reason')}</Field.Label>
          <Input
            size="lg"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="movement-reason"
          />
        </Field.Root>
      </SimpleGrid>
      <Button
        type="submit"
        size="lg"
        colorPalette="brand"
        alignSelf="start"
        disabled={!valid || busy}
        loading={busy}
        data-testid="movement-submit"
      >
        {t('movement.submit')}
      </Button>
    </Stack>
  );
}

function OpenPanel({ actor, session }: { actor: DrawerActor; session: DrawerSession }) {
  const { t } = useTranslation(NS);
  const money = useMoney();
  const when = useStoreDateTime();
  const expected = useSelector(actor, selectExpected);
  return (
    <Stack gap="6">
      <Text color="fg.muted">
        {t('open.since', { name: session.opened_by_name, time: when(session.opened_at) })}
      </Text>
      {expected && <ExpectedLines expected={expected} />}
      <MovementForm actor={actor} />
      {session.movements.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="1" aria-label={t('movement.list')}>
          {session.movements.map((m, index) => (
            <HStack as="li" key={`${m.id}-${index}`} justify="space-between" data-testid="drawer-movement">
              <Text>
                {t(`movement.kinds.${m.kind}`)} · {m.reason}
              </Text>
              <Text fontWeight="medium">{money(m.kind === 'pay_in' ? m.amount : -m.amount)}</Text>
            </HStack>
          ))}
        </Stack>
      )}
      <NoSale />
      <Button
        size="xl"
        variant="outline"
        colorPalette="brand"
        alignSelf="start"
        onClick={() => actor.send({ type: 'close.start' })}
        data-testid="drawer-close-start"
      >
        {t('close.start')}
      </Button>
    </Stack>
  );
}

/**
 * "No sale" where the drawer is (docs/printing.md "The cash drawer"): the shared form asks a reason and a
 * manager's PIN, the server audits the open, then lib/printing kicks the drawer. Only a thermal printer can
 * kick it, so without one the button is disabled and says why, as the printer tab does.
 */
function NoSale() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [thermal] = useState(() => readPrinterSettings().transport !== 'browser');
  if (open) {
    return (
      <Suspense fallback={null}>
        <NoSaleForm onDone={() => setOpen(false)} />
      </Suspense>
    );
  }
  return (
    <Stack gap="1" align="start">
      <Button
        size="xl"
        variant="outline"
        disabled={!thermal}
        onClick={() => setOpen(true)}
        data-testid="drawer-no-sale"
      >
        {t('noSale.open')}
      </Button>
      {!thermal && (
        <Text fontSize="sm" color="fg.muted">
          {t('printer.drawer.needsPrinter')}
        </Text>
      )}
    </Stack>
  );
}

function CountPanel({ actor, mode }: { actor: DrawerActor; mode: 'open' | 'close' }) {
  const { t } = useTranslation(NS);
  const money = useMoney();
  const canSubmit = useSelector(actor, selectCanSubmitCount);
  const busy = useSelector(actor, selectIsBusy);
  const expectedOpening = useSelector(actor, selectExpectedOpening);
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {mode === 'open'
          ? expectedOpening === null
            ? t('opening.first')
            : t('opening.expected', { amount: money(expectedOpening) })
          : t('close.blind')}
      </Text>
      <DenominationGrid actor={actor} />
      <HStack gap="3" wrap="wrap">
        <Button
          size="xl"
          colorPalette="brand"
          disabled={!canSubmit}
          loading={busy}
          onClick={() => actor.send({ type: mode === 'open' ? 'open.submit' : 'close.submit' })}
          data-testid={mode === 'open' ? 'drawer-open-submit' : 'drawer-close-submit'}
        >
          {t(mode === 'open' ? 'opening.submit' : 'close.submit')}
        </Button>
        <Button size="xl" variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'cancel' })}>
          {t('cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}

function OverShort({ amount }: { amount: number }) {
  const { t } = useTranslation(NS);
  const money = useMoney();
  const kind = overShortKind(amount);
  return (
    <Badge size="lg" colorPalette={OVER_SHORT_PALETTE[kind]} data-testid="drawer-over-short" data-kind={kind}>
      {t(`result.${kind}`, { amount: money(Math.abs(amount)) })}
    </Badge>
  );
}

function ManagerPanel({ actor }: { actor: DrawerActor }) {
  const { t } = useTranslation(NS);
  const money = useMoney();
  const needed = useSelector(actor, selectManagerNeeded);
  const busy = useSelector(actor, selectIsBusy);
  const [pin, setPin] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'pin.submit', pin });
    setPin('');
  };
  return (
    <Stack as="form" gap="4" onSubmit={submit} maxW="md">
      {needed && <OverShort amount={needed.overShort} />}
      <Text>{t('manager.why', { tolerance: money(needed?.tolerance ?? 0) })}</Text>
      <Field.Root>
        <Field.Label>{t('manager.pin')}</Field.Label>
        <Input
          type="password"
          size="xl"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          data-testid="manager-pin"
        />
      </Field.Root>
      <HStack gap="3">
        <Button
          type="submit"
          size="xl"
          colorPalette="brand"
          disabled={pin.length < 4 || busy}
          loading={busy}
          data-testid="manager-pin-submit"
        >
          {t('manager.submit')}
        </Button>
        <Button size="xl" variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'cancel' })}>
          {t('manager.recount')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The Z report: printed on the receipt roll (components/receipt/receipt.css), with window.print. */
function ZReport({ session }: { session: DrawerSession }) {
  const { t } = useTranslation(NS);
  const money = useMoney();
  const when = useStoreDateTime();
  const rows = (count: Record<string, number> | null) =>
    US_DENOMINATIONS.filter((d) => (count?.[d.id] ?? 0) > 0).map((d) => (
      <HStack key={d.id} justify="space-between">
        <Text>
          {t(`denominations.${d.id}`)} × {count![d.id]}
        </Text>
        <Text>{money(count![d.id]! * d.value)}</Text>
      </HStack>
    ));
  return (
    <Box className="receipt-print" borderWidth="1px" borderRadius="md" p="4" maxW="md" data-testid="z-report">
      <Stack gap="2">
        <Heading as="h2" size="md">
          {t('report.title')}
        </Heading>
        <Text>{session.workstation_name}</Text>
        <Text>{t('report.opened', { name: session.opened_by_name, time: when(session.opened_at) })}</Text>
        {session.closed_at && (
          <Text>
            {t('report.closed', { name: session.closed_by_name ?? '', time: when(session.closed_at) })}
          </Text>
        )}
        <Text fontWeight="bold">{t('report.openingCount')}</Text>
        {rows(session.opening_count)}
        <ExpectedLines expected={session.expected} />
        {session.movements.length > 0 && <Text fontWeight="bold">{t('movement.list')}</Text>}
        {session.movements.map((m) => (
          <HStack key={m.id} justify="space-between">
            <Text>
              {t(`movement.kinds.${m.kind}`)} · {m.reason} · {m.created_by_name}
            </Text>
            <Text>{money(m.kind === 'pay_in' ? m.amount : -m.amount)}</Text>
          </HStack>
        ))}
        <Text fontWeight="bold">{t('report.closingCount')}</Text>
        {rows(session.closing_count)}
        <HStack justify="space-between" fontWeight="bold">
          <Text>{t('report.counted')}</Text>
          <Text>{money(session.counted ?? 0)}</Text>
        </HStack>
        <HStack justify="space-between" fontWeight="bold" data-receipt-emphasis="">
          <Text>{t('report.overShort')}</Text>
          <Text>{money(session.over_short ?? 0)}</Text>
        </HStack>
        {session.approved_by_name && (
          <Text>{t('report.approvedBy', { name: session.approved_by_name })}</Text>
        )}
      </Stack>
    </Box>
  );
}

function ResultPanel({ actor, session }: { actor: DrawerActor; session: DrawerSession }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="4">
      <OverShort amount={session.over_short ?? 0} />
      <ZReport session={session} />
      <HStack gap="3" wrap="wrap">
        <Button size="xl" colorPalette="brand" onClick={() => printReceipt()} data-testid="z-report-print">
          {t('report.print')}
        </Button>
        <Button size="xl" variant="outline" onClick={() => actor.send({ type: 'open.start' })}>
          {t('closed.open')}
        </Button>
      </HStack>
    </Stack>
  );
}

function LoadProblem({ actor, offline }: { actor: DrawerActor; offline: boolean }) {
  const { t } = useTranslation([NS, 'common']);
  const failure = useSelector(actor, selectFailure);
  return (
    <Alert.Root
      status={offline ? 'warning' : 'error'}
      data-testid={offline ? 'drawer-offline' : 'drawer-failed'}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(offline ? 'offline' : 'failed')}</Alert.Title>
        {!offline && failure && <Alert.Description>{t(errorKeys(failure))}</Alert.Description>}
      </Alert.Content>
      <Button minH="11" onClick={() => actor.send({ type: 'retry' })}>
        {t('retry')}
      </Button>
    </Alert.Root>
  );
}

function Panel({ actor }: { actor: DrawerActor }) {
  const { t } = useTranslation(NS);
  const money = useMoney();
  const status = useSelector(actor, selectStatus);
  const session = useSelector(actor, selectSession);
  const closed = useSelector(actor, selectClosed);
  const expectedOpening = useSelector(actor, selectExpectedOpening);
  switch (status) {
    case 'loading':
      return <Spinner size="lg" color="brand.solid" aria-label={t('loading')} />;
    case 'failed':
    case 'offline':
      return <LoadProblem actor={actor} offline={status === 'offline'} />;
    case 'closed':
      return (
        <Stack gap="4" align="start">
          <Text>{t('closed.title')}</Text>
          {expectedOpening !== null && (
            <Text color="fg.muted">{t('opening.expected', { amount: money(expectedOpening) })}</Text>
          )}
          <Button
            size="xl"
            colorPalette="brand"
            onClick={() => actor.send({ type: 'open.start' })}
            data-testid="drawer-open-start"
          >
            {t('closed.open')}
          </Button>
        </Stack>
      );
    case 'opening':
      return <CountPanel actor={actor} mode="open" />;
    case 'open':
      return session ? <OpenPanel actor={actor} session={session} /> : null;
    case 'counting':
    case 'closing':
      return <CountPanel actor={actor} mode="close" />;
    case 'managerPin':
    case 'approving':
      return <ManagerPanel actor={actor} />;
    case 'result':
      return closed ? <ResultPanel actor={actor} session={closed} /> : null;
    case 'closedOffline':
      return (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('offlineSaved.close')}</Alert.Title>
        </Alert.Root>
      );
  }
}

export function CashDrawerScreen() {
  const { t } = useTranslation(NS);
  const [logic] = useState(() => cashDrawerLogic());
  const actor = useActorRef(logic);
  const status = useSelector(actor, selectStatus);
  const savedOffline = useSelector(actor, selectSavedOffline);

  // The browser's "online" is what the chart's offline states wait for.
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);

  return (
    <Stack
      gap="6"
      p={{ base: '4', md: '6' }}
      maxW="5xl"
      mx="auto"
      w="full"
      data-testid="cash-drawer"
      data-status={status}
    >
      <Heading as="h1" size="2xl">
        {t('title')}
      </Heading>
      {savedOffline && savedOffline !== 'close' && (
        <Alert.Root status="info" data-testid="drawer-saved-offline">
          <Alert.Indicator />
          <Alert.Title>{t(`offlineSaved.${savedOffline}`)}</Alert.Title>
        </Alert.Root>
      )}
      <ErrorText actor={actor} />
      <Panel actor={actor} />
    </Stack>
  );
}
