/**
 * One button of the item grid. Memoised on its props (the tile object, the formatted price, disabled and the
 * one stable callback), and the grid renders from the catalog browser's snapshot, not the sale's: a tap that
 * changes the ticket re-renders no tile (target: tap → total ≤ 50 ms with 20,000 items).
 */
import { Button, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { CatalogTile } from '../../../../machines/catalog-browser/catalog-browser.types';

export interface ItemTileProps {
  tile: CatalogTile;
  /** The name shown (the gift card tile's is translated by the grid). */
  name: string;
  /** The formatted price, or null (the gift card's amount is asked). */
  price: string | null;
  disabled: boolean;
  onPick: (tile: CatalogTile) => void;
}

export const ItemTile = memo(function ItemTile({ tile, name, price, disabled, onPick }: ItemTileProps) {
  return (
    <Button
      variant="outline"
      colorPalette={tile.kind === 'giftcard' ? 'brand' : 'gray'}
      h="auto"
      minH="20"
      py="2"
      px="3"
      w="full"
      display="flex"
      flexDirection="column"
      alignItems="flex-start"
      justifyContent="space-between"
      gap="1"
      textAlign="start"
      whiteSpace="normal"
      disabled={disabled}
      onClick={() => onPick(tile)}
      data-testid={`tile-${tile.key}`}
      data-kind={tile.kind}
    >
      <Text as="span" display="block" fontWeight="semibold" fontSize="sm" lineClamp={2} w="full">
        {name}
      </Text>
      {tile.detail && (
        <Text as="span" display="block" fontSize="xs" color="fg.muted" lineClamp={1} w="full">
          {tile.detail}
        </Text>
      )}
      {price !== null && (
        <Text as="span" display="block" fontSize="sm" fontWeight="bold" color="brand.fg">
          {price}
        </Text>
      )}
    </Button>
  );
});
