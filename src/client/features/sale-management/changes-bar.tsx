/**
 * The edit mode of "save all changes" (docs/sales.md#sale-management; the list chart's `changes` region): a
 * manager corrects order times in the list and tips in the open sale, several sales at a time, sees how many
 * changes wait, and sends them in one request (the action dialog confirms which tickets) or discards them.
 * The pending changes are the chart's; this bar only renders them and sends its events. A save carries a
 * fresh intent id, which the chart replaces with the earlier one when the same changes are saved again (one
 * Idempotency-Key per intent).
 */
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  selectCanSaveChanges,
  selectHasInvalidChange,
  selectIsEditingChanges,
  selectPendingCount,
} from '../../../../machines/sale-list/sale-list.selectors';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { SaleListActor } from './sale-list-actor';

export function ChangesBar() {
  const { t } = useTranslation('common');
  const actor = SaleListActor.useActorRef();
  const editing = SaleListActor.useSelector(selectIsEditingChanges);
  const count = SaleListActor.useSelector(selectPendingCount);
  const invalid = SaleListActor.useSelector(selectHasInvalidChange);
  const canSave = SaleListActor.useSelector(selectCanSaveChanges);

  if (!editing) {
    return (
      <HStack justify="end">
        <Button
          size="lg"
          variant="outline"
          onClick={() => actor.send({ type: 'changes.start' })}
          data-testid="changes-start"
        >
          {t('sale_management.changes.start')}
        </Button>
      </HStack>
    );
  }
  return (
    <Box
      as="section"
      aria-label={t('sale_management.changes.title')}
      borderWidth="1px"
      borderColor="brand.muted"
      bg="brand.subtle"
      borderRadius="l2"
      p="3"
      data-testid="changes-bar"
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="0.5">
          <Text fontWeight="semibold" aria-live="polite" data-testid="changes-count">
            {t('sale_management.changes.count', { count })}
          </Text>
          <Text fontSize="sm">
            {invalid ? t('sale_management.changes.invalid') : t('sale_management.changes.help')}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button size="lg" variant="outline" onClick={() => actor.send({ type: 'changes.discard' })}>
            {count > 0 ? t('sale_management.changes.discard') : t('sale_management.changes.stop')}
          </Button>
          <Button
            size="lg"
            colorPalette="brand"
            disabled={!canSave}
            onClick={() =>
              actor.send({ type: 'changes.save', now: new Date(), intentId: newIdempotencyKey() })
            }
          >
            {t('sale_management.changes.save')}
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
