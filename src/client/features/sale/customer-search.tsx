/**
 * The search face of the customer dialog: the attached customer (edit, remove), a search box by name or phone
 * (searched by the customer picker machine once typing pauses), the results to pick from, and "new
 * customer". Every state shown (waiting, searching, none found, failed) is the machine's.
 */
import { Alert, Badge, Box, Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectPickerError,
  selectQuery,
  selectResults,
  selectSearchStatus,
  selectTotal,
  selectTotalCapped,
} from '../../../../machines/customer-picker/customer-picker.selectors';
import type { CustomerListItem } from '../../../../machines/customer-picker/customer-picker.types';
import type { OrderCustomer } from '../../../domain/order.types';
import type { CustomerPickerActorRef } from './customer-picker-actor';
import { formatNumber } from '../../lib/format';
import { problemText } from './customer-text';

function AttachedCustomer({
  customer,
  onEdit,
  onRemove,
}: {
  customer: OrderCustomer;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('common');
  return (
    <Stack
      gap="3"
      p="4"
      borderWidth="1px"
      borderRadius="l3"
      borderColor="brand.solid"
      data-testid="attached-customer"
    >
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          {t('saleExtras.customer.attached')}
        </Text>
        <Text fontWeight="semibold" fontSize="lg">
          {customer.name}
        </Text>
        <HStack gap="2" wrap="wrap" color="fg.muted">
          {customer.telephone && <Text>{customer.telephone}</Text>}
          <Text>
            {t('saleExtras.customer.points', {
              points: formatNumber(customer.point_balance ?? 0, i18n.language),
            })}
          </Text>
          {customer.membership && (
            <Badge colorPalette="brand" size="lg">
              {customer.membership.name}
            </Badge>
          )}
        </HStack>
      </Stack>
      <HStack gap="3" wrap="wrap">
        <Button size="xl" variant="outline" onClick={onEdit}>
          {t('saleExtras.customer.edit')}
        </Button>
        <Button size="xl" variant="outline" colorPalette="red" onClick={onRemove}>
          {t('saleExtras.customer.remove')}
        </Button>
      </HStack>
    </Stack>
  );
}

function ResultButton({ customer, onPick }: { customer: CustomerListItem; onPick: () => void }) {
  const { t, i18n } = useTranslation('common');
  return (
    <Button
      variant="outline"
      size="xl"
      w="full"
      h="auto"
      minH="14"
      py="3"
      justifyContent="space-between"
      textAlign="start"
      whiteSpace="normal"
      onClick={onPick}
      data-testid="customer-result"
    >
      <Stack gap="0" align="flex-start">
        <Text fontWeight="semibold">{customer.name}</Text>
        {customer.phone && (
          <Text fontSize="sm" color="fg.muted">
            {customer.phone}
          </Text>
        )}
      </Stack>
      <Stack gap="1" align="flex-end">
        <Text fontSize="sm">
          {t('saleExtras.customer.points', { points: formatNumber(customer.point_balance, i18n.language) })}
        </Text>
        {customer.membership && (
          <Badge colorPalette="brand" size="md">
            {customer.membership.name}
          </Badge>
        )}
      </Stack>
    </Button>
  );
}

export interface CustomerSearchProps {
  picker: CustomerPickerActorRef;
  attached: OrderCustomer | null;
  onRemoveAttached: () => void;
}

export function CustomerSearch({ picker, attached, onRemoveAttached }: CustomerSearchProps) {
  const { t } = useTranslation('common');
  const query = useSelector(picker, selectQuery);
  const status = useSelector(picker, selectSearchStatus);
  const results = useSelector(picker, selectResults);
  const total = useSelector(picker, selectTotal);
  const totalCapped = useSelector(picker, selectTotalCapped);
  const error = useSelector(picker, selectPickerError);

  return (
    <Stack gap="4">
      {attached && (
        <AttachedCustomer
          customer={attached}
          onEdit={() => picker.send({ type: 'customer.edit', customerId: attached.id })}
          onRemove={onRemoveAttached}
        />
      )}
      <Field.Root>
        <Field.Label fontSize="md">{t('saleExtras.customer.searchLabel')}</Field.Label>
        <Input
          type="search"
          size="xl"
          autoComplete="off"
          value={query}
          onChange={(event) => picker.send({ type: 'query.change', query: event.target.value })}
          placeholder={t('saleExtras.customer.searchPlaceholder')}
          data-testid="customer-search"
        />
      </Field.Root>
      <Box aria-live="polite" minH="6">
        {status === 'idle' && <Text color="fg.muted">{t('saleExtras.customer.searchHint')}</Text>}
        {(status === 'waiting' || status === 'searching') && (
          <HStack gap="2" role="status">
            <Spinner size="sm" color="brand.solid" />
            <Text>{t('saleExtras.customer.searching')}</Text>
          </HStack>
        )}
        {status === 'results' && (
          <Text color="fg.muted" data-testid="customer-results-count">
            {totalCapped
              ? t('saleExtras.customer.showingSomeOfMore', { shown: results.length, count: total })
              : results.length < total
                ? t('saleExtras.customer.showingSome', { shown: results.length, count: total })
                : t('saleExtras.customer.found', { count: total })}
          </Text>
        )}
      </Box>
      {status === 'failed' && error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{problemText(t, error)}</Alert.Title>
          </Alert.Content>
          <Button size="lg" variant="outline" onClick={() => picker.send({ type: 'search.retry' })}>
            {t('saleExtras.retry')}
          </Button>
        </Alert.Root>
      )}
      {status === 'results' && results.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="2" aria-label={t('saleExtras.customer.resultsLabel')}>
          {results.map((customer) => (
            <Box as="li" key={customer.id}>
              <ResultButton
                customer={customer}
                onPick={() => picker.send({ type: 'customer.select', customer })}
              />
            </Box>
          ))}
        </Stack>
      )}
      <Button
        size="xl"
        variant={status === 'results' && results.length === 0 ? 'solid' : 'outline'}
        colorPalette="brand"
        onClick={() => picker.send({ type: 'customer.new' })}
        data-testid="new-customer"
      >
        {status === 'results' && results.length === 0
          ? t('saleExtras.customer.createFromQuery', { query: query.trim() })
          : t('saleExtras.customer.new')}
      </Button>
    </Stack>
  );
}
