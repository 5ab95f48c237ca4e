/**
 * The "Items" row action of product kits (docs/back-office-catalog.md "Product kits"): the products the kit
 * holds and how many of each, a product added from the store's products, a quantity changed, one removed,
 * and the whole list saved; the kit's price beside what its products cost one by one. The behaviour is the
 * kit items chart (machines/kit-items); this file draws its snapshots and sends its events.
 */
import { Alert, Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  selectFailure,
  selectFieldErrors,
  selectIsBusy,
  selectIsDirty,
  selectLines,
  selectPrices,
  selectProductsToAdd,
  selectQueued,
  selectStatus,
} from '../../../../../machines/kit-items/kit-items.selectors';
import type { KitItemsStatus } from '../../../../../machines/kit-items/kit-items.selectors';
import { productsToAdd } from '../../../../../machines/kit-items/kit-items.rules';
import type { KitLine, KitProduct } from '../../../../../machines/kit-items/kit-items.types';
import {
  selectAnswered,
  selectFinderFailure,
  selectFinderStatus,
  selectQuery,
  selectResults,
} from '../../../../../machines/finder/finder.selectors';
import { selectStoreSettings } from '../../../../../machines/auth/auth.selectors';
import type { FieldIssue } from '../../../../../machines/resource/resource.types';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';
import { useAuthSelector } from '../../../lib/actors/auth-actor';
import { formatMoney } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';
import { MoneyCell } from '../../../components/money-cell';
import type { RowActionPanelProps } from '../resource-config';
import { errorText } from '../resource-text';
import { kitItemsLogic, productFinder } from './kit-items-logic';
import { LoadState } from '../load-state';
import { usePanelLoad } from './panel-states';
import type { PanelLoadState } from './panel-states';

const NS = 'admin-item-kits';

/** The chart's states that have no list to show yet. */
const LOAD_STATE: Partial<Record<KitItemsStatus, PanelLoadState>> = {
  loading: 'loading',
  loadFailed: 'error',
  offline: 'offline',
};

/** A quantity's problem: its upper bound when it went over, else what a quantity must be. */
function quantityText(t: TFunction, issues: readonly FieldIssue[]): string {
  const over = issues.find((issue) => issue.code === 'too_big')?.params?.maximum;
  return over === undefined
    ? t('items.quantityWhole', { ns: NS })
    : t('items.quantityAtMost', { ns: NS, maximum: over });
}

function useKitItems(row: RowActionPanelProps['row'], changed: () => void) {
  // The latest callback, read when a save happens (the actor is made once per open panel).
  const onChanged = useRef(changed);
  onChanged.current = changed;
  // A save the offline queue took is not made yet: nothing to reload, no cache to clear (docs/back-office.md
  // "What a write clears").
  const [logic] = useState(() => kitItemsLogic((queued) => !queued && onChanged.current()));
  return useActorRef(logic, {
    input: { kitId: row.id, kitPrice: typeof row.price === 'number' ? row.price : 0 },
  });
}

export function KitItemsPanel({ row, close, changed }: RowActionPanelProps) {
  const { t } = useTranslation(['admin', NS]);
  const actor = useKitItems(row, changed);
  const { failure, load, retry } = usePanelLoad(
    actor,
    { status: selectStatus, failure: selectFailure },
    LOAD_STATE,
  );
  if (load) {
    return (
      <LoadState
        state={load}
        titles={{ error: t('items.loadError', { ns: NS }), offline: t('items.offline', { ns: NS }) }}
        failure={failure}
        onRetry={retry}
        testId="kit-items"
      />
    );
  }
  return <KitItemsEditor actor={actor} close={close} />;
}

type KitItemsActor = ReturnType<typeof useKitItems>;

function KitItemsEditor({ actor, close }: { actor: KitItemsActor; close: () => void }) {
  const { t } = useTranslation(['admin', NS]);
  const status = useSelector(actor, selectStatus);
  const lines = useSelector(actor, selectLines);
  const toAdd = useSelector(actor, selectProductsToAdd);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const dirty = useSelector(actor, selectIsDirty);
  const queued = useSelector(actor, selectQueued);
  const listIssue = fieldErrors.items?.find((issue) => issue.code === 'too_big');
  return (
    <Stack gap="4" data-testid="kit-items" data-status={status}>
      {lines.length === 0 ? (
        <Text color="fg.muted" data-testid="kit-items-empty">
          {t('items.empty', { ns: NS })}
        </Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('items.product', { ns: NS })}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('items.quantity', { ns: NS })}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('items.unitPrice', { ns: NS })}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.map((line, index) => {
                const issues = fieldErrors[`items.${index}.quantity`];
                return (
                  <Table.Row key={line.product_id} data-testid="kit-item" data-product={line.product_id}>
                    <Table.Cell>
                      {line.name}
                      {line.sku && (
                        <Text as="span" color="fg.muted" ms="2">
                          {line.sku}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell minW="28">
                      <Field.Root invalid={Boolean(issues)} disabled={busy}>
                        <Input
                          inputMode="numeric"
                          size="sm"
                          value={line.quantity}
                          aria-label={t('items.quantityOf', { ns: NS, name: line.name })}
                          onChange={(event) =>
                            actor.send({
                              type: 'item.quantity',
                              productId: line.product_id,
                              quantity: event.currentTarget.value,
                            })
                          }
                          data-testid="kit-item-quantity"
                        />
                        {issues && (
                          <Field.ErrorText data-testid="kit-item-quantity-error">
                            {quantityText(t, issues)}
                          </Field.ErrorText>
                        )}
                      </Field.Root>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {line.price === null ? '—' : <MoneyCell minor={line.price} />}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button
                        size="sm"
                        minH="11"
                        variant="ghost"
                        colorPalette="red"
                        disabled={busy}
                        onClick={() => actor.send({ type: 'item.remove', productId: line.product_id })}
                        aria-label={t('items.removeNamed', { ns: NS, name: line.name })}
                        data-testid="kit-item-remove"
                      >
                        {t('items.remove', { ns: NS })}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {listIssue && (
        <Text color="fg.error" data-testid="kit-items-list-error">
          {t('items.tooMany', { ns: NS, maximum: listIssue.params?.maximum ?? '' })}
        </Text>
      )}
      <ProductPicker
        offered={toAdd}
        lines={lines}
        disabled={busy}
        onPick={(product) => actor.send({ type: 'item.add', product })}
      />
      <KitPrices actor={actor} />
      <Box aria-live="polite">
        {status === 'failed' && failure && (
          <Alert.Root status="error" data-testid="kit-items-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(t, failure)}</Alert.Title>
          </Alert.Root>
        )}
        {status === 'saved' && (
          <Alert.Root status={queued ? 'info' : 'success'} data-testid="kit-items-saved">
            <Alert.Indicator />
            <Alert.Title>{t(queued ? 'items.queued' : 'items.saved', { ns: NS })}</Alert.Title>
          </Alert.Root>
        )}
      </Box>
      <HStack justify="flex-end" gap="2" wrap="wrap">
        <Button variant="outline" minH="11" onClick={close} data-testid="kit-items-close">
          {t('actions.close')}
        </Button>
        {dirty && (
          <Button
            variant="outline"
            minH="11"
            onClick={() => actor.send({ type: 'discard' })}
            data-testid="kit-items-discard"
          >
            {t('items.discard', { ns: NS })}
          </Button>
        )}
        <Button
          colorPalette="brand"
          minH="11"
          disabled={!dirty && !busy}
          loading={busy}
          onClick={() => actor.send({ type: 'save', idempotencyKey: newIdempotencyKey() })}
          data-testid="kit-items-save"
        >
          {t('actions.save')}
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * The add select, with a find box above it: without a query the select offers the products the panel loaded
 * (the first page by name); with one, the server's matches among all the store's active products, so a kit
 * can hold any of them however long the list. The search is the finder chart (machines/finder).
 */
function ProductPicker({
  offered,
  lines,
  disabled,
  onPick,
}: {
  offered: readonly KitProduct[];
  lines: readonly KitLine[];
  disabled: boolean;
  onPick: (product: KitProduct) => void;
}) {
  const { t } = useTranslation(['admin', NS]);
  const [logic] = useState(() => productFinder());
  const finder = useActorRef(logic);
  const status = useSelector(finder, selectFinderStatus);
  const query = useSelector(finder, selectQuery);
  const answered = useSelector(finder, selectAnswered);
  const found = useSelector(finder, selectResults);
  const failure = useSelector(finder, selectFinderFailure);
  const options = answered === null ? offered : productsToAdd(found, lines);
  return (
    <Stack gap="2">
      <Input
        type="search"
        value={query}
        disabled={disabled}
        placeholder={t('items.find', { ns: NS })}
        aria-label={t('items.find', { ns: NS })}
        onChange={(event) => finder.send({ type: 'query.change', query: event.currentTarget.value })}
        data-testid="kit-item-find"
      />
      <Box aria-live="polite" data-testid="kit-item-find-status" data-status={status}>
        {(status === 'debouncing' || status === 'searching') && (
          <Text color="fg.muted">{t('items.finding', { ns: NS })}</Text>
        )}
        {status === 'found' && options.length === 0 && (
          <Text color="fg.muted">{t('items.noMatch', { ns: NS, query: answered ?? '' })}</Text>
        )}
        {(status === 'failed' || status === 'offline') && failure && (
          <HStack gap="2" wrap="wrap">
            <Text color="fg.error">
              {status === 'offline' ? t('items.findOffline', { ns: NS }) : errorText(t, failure)}
            </Text>
            <Button size="sm" minH="11" variant="outline" onClick={() => finder.send({ type: 'retry' })}>
              {t('items.findAgain', { ns: NS })}
            </Button>
          </HStack>
        )}
      </Box>
      <NativeSelect.Root size="md" disabled={disabled || options.length === 0}>
        <NativeSelect.Field
          aria-label={t('items.add', { ns: NS })}
          value=""
          onChange={(event) => {
            const id = Number(event.currentTarget.value);
            const product = options.find((one) => one.id === id);
            if (product) onPick(product);
          }}
          data-testid="kit-item-add"
        >
          <option value="">{t('items.add', { ns: NS })}</option>
          {options.map((product) => (
            <option key={product.id} value={product.id}>
              {product.sku ? `${product.name} (${product.sku})` : product.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

/** The kit's price beside its products bought one by one (src/domain/kit-items.ts). */
function KitPrices({ actor }: { actor: KitItemsActor }) {
  const { t, i18n } = useTranslation(NS);
  const currency = useAuthSelector((s) => selectStoreSettings(s)?.currency) ?? DEFAULT_CURRENCY;
  const prices = useSelector(actor, selectPrices, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const money = (minor: number) => formatMoney(minor, i18n.language, currency);
  const verdict = prices.saving > 0 ? 'items.cheaper' : prices.saving < 0 ? 'items.dearer' : 'items.same';
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" p="3" data-testid="kit-prices">
      {(
        [
          ['items.kitPrice', 'kit-price', prices.kitPrice],
          ['items.itemsTotal', 'kit-items-total', prices.itemsTotal],
        ] as const
      ).map(([label, testId, minor]) => (
        <HStack key={testId} justify="space-between">
          <Text>{t(label)}</Text>
          <Text fontWeight="semibold" data-testid={testId}>
            {money(minor)}
          </Text>
        </HStack>
      ))}
      <Text color="fg.muted" data-testid="kit-prices-verdict">
        {t(verdict, { amount: money(Math.abs(prices.saving)) })}
      </Text>
      {prices.unknown > 0 && (
        <Text color="fg.warning" data-testid="kit-prices-unknown">
          {t('items.notCounted', { count: prices.unknown })}
        </Text>
      )}
    </Stack>
  );
}
