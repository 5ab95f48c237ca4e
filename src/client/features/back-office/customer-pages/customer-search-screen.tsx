/**
 * Find a customer (/customers/search, the home-screen shortcut; docs/back-office.md "The customer's page"): a
 * search box that finds active customers by name or by any part of their phone as it is typed, each answer a
 * link to the customer's page. For every role with the Customer module (docs/roles.md#access-rules), so the
 * front desk can look a client up without the back office. The behaviour is the finder chart (machines/finder);
 * the query is kept in the address (`?search=`), so Back from a customer's page returns to the same answers.
 */
import { Badge, Box, Button, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  selectAnswered,
  selectFinderFailure,
  selectFinderStatus,
  selectQuery,
  selectResults,
} from '../../../../../machines/finder/finder.selectors';
import type { CustomerListItem } from '../../../../contracts/customers';
import { useOnlineEvent } from '../../../lib/online-events';
import { errorText } from '../resource-text';
import { customerFinder, FOUND_CUSTOMERS } from './customers-logic';

const NS = 'customers';

export const customerPagePath = (id: number) => `/customers/${id}`;

function ResultRow({ customer }: { customer: CustomerListItem }) {
  const { t } = useTranslation(NS);
  return (
    <RouterLink
      to={customerPagePath(customer.id)}
      data-testid="customer-search-result"
      data-customer-id={customer.id}
      style={{ display: 'block' }}
    >
      <HStack
        justify="space-between"
        gap="3"
        px="4"
        py="3"
        minH="14"
        borderWidth="1px"
        borderRadius="md"
        _hover={{ bg: 'bg.muted' }}
        wrap="wrap"
      >
        <Stack gap="0">
          <Text fontWeight="semibold">{customer.name}</Text>
          <Text color="fg.muted" fontSize="sm">
            {[customer.phone, customer.email].filter(Boolean).join(' · ') || t('search.noContact')}
          </Text>
        </Stack>
        <HStack gap="2">
          {customer.membership && <Badge colorPalette="brand">{customer.membership.name}</Badge>}
          <Badge variant="outline">{t('search.points', { count: customer.point_balance })}</Badge>
        </HStack>
      </HStack>
    </RouterLink>
  );
}

export function CustomerSearchScreen() {
  const { t } = useTranslation([NS, 'admin']);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [logic] = useState(() => customerFinder());
  const finder = useActorRef(logic);
  useOnlineEvent(finder);
  const status = useSelector(finder, selectFinderStatus);
  const query = useSelector(finder, selectQuery);
  const answered = useSelector(finder, selectAnswered);
  const results = useSelector(finder, selectResults);
  const failure = useSelector(finder, selectFinderFailure);
  const input = useRef<HTMLInputElement>(null);

  // The address's query is the first one (a shortcut, or Back from a customer's page).
  const initial = useRef(params.get('search') ?? '');
  useEffect(() => {
    if (initial.current) finder.send({ type: 'query.change', query: initial.current });
    input.current?.focus();
  }, [finder]);

  const change = (text: string) => {
    finder.send({ type: 'query.change', query: text });
    setParams(text.trim() ? { search: text } : {}, { replace: true });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const first = results[0];
    if (event.key === 'Enter' && status === 'found' && first) navigate(customerPagePath(first.id));
  };

  return (
    <Stack gap="5" p={{ base: '4', md: '6' }} maxW="3xl" mx="auto" w="full">
      <Heading as="h1" size="2xl">
        {t('search.title')}
      </Heading>
      <Input
        ref={input}
        type="search"
        size="lg"
        value={query}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        autoComplete="off"
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-testid="customer-search-input"
      />
      <Box aria-live="polite" data-testid="customer-search-status" data-status={status}>
        {status === 'idle' && <Text color="fg.muted">{t('search.hint')}</Text>}
        {(status === 'debouncing' || status === 'searching') && (
          <HStack>
            <Spinner size="sm" color="brand.solid" />
            <Text color="fg.muted">{t('search.searching')}</Text>
          </HStack>
        )}
        {status === 'found' && results.length === 0 && (
          <Text data-testid="customer-search-empty">{t('search.noMatch', { query: answered ?? '' })}</Text>
        )}
        {status === 'found' && results.length >= FOUND_CUSTOMERS && (
          <Text color="fg.muted">{t('search.narrow', { count: FOUND_CUSTOMERS })}</Text>
        )}
        {(status === 'failed' || status === 'offline') && failure && (
          <HStack gap="3" wrap="wrap" data-testid={`customer-search-${status}`}>
            <Text color={status === 'offline' ? 'fg.warning' : 'fg.error'}>
              {status === 'offline' ? t('search.offline') : errorText(t, failure)}
            </Text>
            <Button minH="11" variant="outline" onClick={() => finder.send({ type: 'retry' })}>
              {t('admin:actions.retry')}
            </Button>
          </HStack>
        )}
      </Box>
      {results.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t('search.results')}>
          {results.map((customer) => (
            <li key={customer.id}>
              <ResultRow customer={customer} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
