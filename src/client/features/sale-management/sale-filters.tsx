/**
 * The list's filters: business dates (store-local, inclusive), one status (Trash included) and a ticket or invoice
 * number. What is typed stays in the fields until "Search" (or Enter) applies it: the chart loads on apply, not
 * on every keystroke, so a half-typed ticket number never hits the server.
 */
import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_FILTERS } from '../../../../machines/sale-list/sale-list.rules';
import { selectFilters } from '../../../../machines/sale-list/sale-list.selectors';
import type { SaleListFilters } from '../../../../machines/sale-list/sale-list.types';
import { SALE_STATUS } from '../../../domain/constants';
import type { SaleStatus } from '../../../domain/constants';
import { SaleListActor } from './sale-list-actor';

const STATUS_CHOICES: readonly SaleStatus[] = [
  SALE_STATUS.SALE,
  SALE_STATUS.REFUND,
  SALE_STATUS.VOID,
  SALE_STATUS.DRAFT,
  SALE_STATUS.TRASH,
];

function toStatus(value: string): SaleStatus | null {
  const n = Number(value);
  return value !== '' && (STATUS_CHOICES as readonly number[]).includes(n) ? (n as SaleStatus) : null;
}

export function SaleFilters() {
  const { t } = useTranslation('common');
  const actor = SaleListActor.useActorRef();
  const applied = SaleListActor.useSelector(selectFilters);
  // The fields' keystrokes (client-common.md: a text field's keystrokes may live in useState).
  const [draft, setDraft] = useState<SaleListFilters>(applied);
  const set = (patch: Partial<SaleListFilters>) => setDraft((current) => ({ ...current, ...patch }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'filters.apply', filters: draft });
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    actor.send({ type: 'filters.apply', filters: NO_FILTERS });
  };

  return (
    <Stack as="form" role="search" aria-label={t('sale_management.filters.label')} onSubmit={apply} gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <Field.Root>
          <Field.Label>{t('sale_management.filters.from')}</Field.Label>
          <Input
            type="date"
            size="lg"
            value={draft.dateFrom ?? ''}
            onChange={(e) => set({ dateFrom: e.currentTarget.value || null })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('sale_management.filters.to')}</Field.Label>
          <Input
            type="date"
            size="lg"
            value={draft.dateTo ?? ''}
            onChange={(e) => set({ dateTo: e.currentTarget.value || null })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('sale_management.filters.status')}</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              value={draft.status === null ? '' : String(draft.status)}
              onChange={(e) => set({ status: toStatus(e.currentTarget.value) })}
            >
              <option value="">{t('sale_management.filters.anyStatus')}</option>
              {STATUS_CHOICES.map((status) => (
                <option key={status} value={status}>
                  {t(`sale_management.status.${status}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('sale_management.filters.search')}</Field.Label>
          <Input
            type="search"
            size="lg"
            maxLength={64}
            autoComplete="off"
            value={draft.search}
            onChange={(e) => set({ search: e.currentTarget.value })}
          />
          <Field.HelperText>{t('sale_management.filters.searchHelp')}</Field.HelperText>
        </Field.Root>
      </SimpleGrid>
      <HStack gap="3" wrap="wrap">
        <Button type="submit" size="lg" colorPalette="brand">
          {t('sale_management.filters.apply')}
        </Button>
        <Button type="button" size="lg" variant="outline" onClick={clear}>
          {t('sale_management.filters.clear')}
        </Button>
      </HStack>
    </Stack>
  );
}
