/**
 * The centre of the sale screen ("add services, products, kits and gift cards from categories
 * with search"): a search box, the category tabs and the item grid, all read from the catalog browser. A tile
 * adds its item to the active employee (sale machine line.add); the gift card tile asks for the card's number
 * and amount first. Keyboard: type to search, Enter adds the first match (and a barcode scanner's SKU + Enter
 * works the same), Escape clears; the tabs move with the arrow keys.
 */
import { Alert, Box, Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Suspense, useCallback, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCatalogError,
  selectCatalogStatus,
  selectSearch,
  selectTab,
  selectTabs,
  selectVisibleTiles,
} from '../../../../machines/catalog-browser/catalog-browser.selectors';
import type { CatalogTab, CatalogTile } from '../../../../machines/catalog-browser/catalog-browser.types';
import { selectCanAddLine, selectCurrency } from '../../../../machines/sale/sale.selectors';
import { formatMoney } from '../../lib/format';
import { CatalogActor } from './catalog-actor';
import { ItemTile } from './item-tile';
import { SaleActor } from './sale-actor';
import { SaleErrorMessage } from './sale-error-alert';
import { DialogFallback, giftcardPart } from './sale-parts';
import { SkeletonBlock } from './skeleton-block';

const GRID_ID = 'sale-item-grid';
const tabDomId = (id: string) => `sale-tab-${id}`;

function tabLabel(t: (key: string) => string, tab: CatalogTab): string {
  return tab.name ?? t(`sale.catalog.tabs.${tab.kind}`);
}

function CategoryTabs() {
  const { t } = useTranslation('common');
  const catalog = CatalogActor.useActorRef();
  const tabs = CatalogActor.useSelector(selectTabs);
  const current = CatalogActor.useSelector(selectTab);

  // WAI-ARIA tabs with automatic activation: arrows, Home and End move and select; Tab leaves the list.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? Math.min(last, index + 1)
        : event.key === 'ArrowLeft'
          ? Math.max(0, index - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null || next === index) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    catalog.send({ type: 'tab.select', tab: tab.id });
    document.getElementById(tabDomId(tab.id))?.focus();
  };

  return (
    <HStack
      role="tablist"
      aria-label={t('sale.catalog.categories')}
      gap="2"
      overflowX="auto"
      pb="1"
      flexShrink="0"
      onKeyDown={onKeyDown}
      data-testid="category-tabs"
    >
      {tabs.map((tab) => {
        const selected = tab.id === current;
        return (
          <Button
            key={tab.id}
            id={tabDomId(tab.id)}
            role="tab"
            aria-selected={selected}
            aria-controls={GRID_ID}
            tabIndex={selected ? 0 : -1}
            size="lg"
            minH="11"
            flexShrink="0"
            variant={selected ? 'solid' : 'outline'}
            colorPalette="brand"
            onClick={() => catalog.send({ type: 'tab.select', tab: tab.id })}
            data-testid={`tab-${tab.id}`}
          >
            {tabLabel(t, tab)}
          </Button>
        );
      })}
    </HStack>
  );
}

function SearchBox({ onPick }: { onPick: (tile: CatalogTile) => void }) {
  const { t } = useTranslation('common');
  const catalog = CatalogActor.useActorRef();
  const search = CatalogActor.useSelector(selectSearch);
  const { tiles } = CatalogActor.useSelector(selectVisibleTiles);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && search !== '') {
      event.preventDefault();
      catalog.send({ type: 'search.clear' });
    } else if (event.key === 'Enter' && search.trim() !== '') {
      event.preventDefault();
      const first = tiles[0];
      if (!first) return;
      onPick(first);
      catalog.send({ type: 'search.clear' });
    }
  };

  return (
    <Field.Root flexShrink="0">
      <Field.Label srOnly>{t('sale.catalog.search')}</Field.Label>
      <Input
        type="search"
        size="xl"
        value={search}
        placeholder={t('sale.catalog.searchPlaceholder')}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="go"
        aria-controls={GRID_ID}
        onChange={(event) => catalog.send({ type: 'search.change', text: event.target.value })}
        onKeyDown={onKeyDown}
        data-testid="catalog-search"
      />
    </Field.Root>
  );
}

function ItemGrid({ onPick }: { onPick: (tile: CatalogTile) => void }) {
  const { t, i18n } = useTranslation('common');
  const { tiles, total } = CatalogActor.useSelector(selectVisibleTiles);
  const current = CatalogActor.useSelector(selectTab);
  const search = CatalogActor.useSelector(selectSearch);
  const canAdd = SaleActor.useSelector(selectCanAddLine);
  const currency = SaleActor.useSelector(selectCurrency);
  const language = i18n.language;
  const giftcardName = t('sale.catalog.giftcardTile');

  return (
    <Stack gap="3" flex="1" minH="0">
      {!canAdd && (
        <Alert.Root status="info" size="sm" flexShrink="0" data-testid="pick-employee-first">
          <Alert.Indicator />
          <Alert.Title>{t('sale.catalog.pickEmployeeFirst')}</Alert.Title>
        </Alert.Root>
      )}
      <Box
        id={GRID_ID}
        role="tabpanel"
        aria-labelledby={tabDomId(current)}
        overflowY="auto"
        flex="1"
        minH="0"
        // Stacked below the large breakpoint, the ticket comes after the grid: the grid must not push it away.
        maxH={{ base: '60dvh', lg: 'none' }}
      >
        <SimpleGrid minChildWidth="9rem" gap="2" data-testid="item-grid">
          {tiles.map((tile) => (
            <ItemTile
              key={tile.key}
              tile={tile}
              name={tile.name ?? giftcardName}
              price={tile.price === null ? null : formatMoney(tile.price, language, currency)}
              disabled={!canAdd}
              onPick={onPick}
            />
          ))}
        </SimpleGrid>
        {total === 0 && (
          <Text color="fg.muted" py="6" textAlign="center" data-testid="no-match">
            {search.trim() ? t('sale.catalog.noMatch', { search: search.trim() }) : t('sale.catalog.empty')}
          </Text>
        )}
        {total > tiles.length && (
          <Text color="fg.muted" py="3" textAlign="center" role="status" data-testid="refine-search">
            {t('sale.catalog.refine', { shown: tiles.length, total })}
          </Text>
        )}
      </Box>
    </Stack>
  );
}

export function CatalogPanel() {
  const { t } = useTranslation('common');
  const status = CatalogActor.useSelector(selectCatalogStatus);
  const error = CatalogActor.useSelector(selectCatalogError);
  const catalog = CatalogActor.useActorRef();
  const sale = SaleActor.useActorRef();
  // Which dialog is open is the screen's business (client brief), not the sale's.
  const [giftcardOpen, setGiftcardOpen] = useState(false);
  // The gift card dialog's chunk is mounted on its first opening and kept (its closing animation plays out).
  const [giftcardMounted, setGiftcardMounted] = useState(false);
  const onPick = useCallback(
    (tile: CatalogTile) => {
      if (tile.item) sale.send({ type: 'line.add', item: tile.item });
      else {
        setGiftcardMounted(true);
        setGiftcardOpen(true);
      }
    },
    [sale],
  );

  if (status === 'loading') {
    return <SkeletonBlock count={12} height="20" label={t('sale.catalog.loading')} columns />;
  }
  if (status === 'failed') {
    return (
      <Stack gap="3" data-testid="catalog-failed">
        {error && <SaleErrorMessage error={error} />}
        <Button size="xl" colorPalette="brand" onClick={() => catalog.send({ type: 'catalog.retry' })}>
          {t('sale.actions.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="3" h="full" minH="0" data-testid="catalog-panel">
      <SearchBox onPick={onPick} />
      <CategoryTabs />
      <ItemGrid onPick={onPick} />
      {giftcardMounted && (
        <Suspense fallback={<DialogFallback />}>
          <giftcardPart.Component open={giftcardOpen} onOpenChange={setGiftcardOpen} />
        </Suspense>
      )}
    </Stack>
  );
}
