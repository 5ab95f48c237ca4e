/**
 * A customer's page (/customers/{id}; docs/back-office.md "The customer's page"): who they are and what they
 * hold, their visits and spend, the services they had last and who did them, their points history and reviews.
 * For every role with the Customer module (docs/roles.md#access-rules); the admin's Edit opens the back office's
 * customers screen on them. The profile is the record chart (machines/record); points and reviews are the row
 * history panels the customers screen shows (back-office/panels/customer-panels.tsx).
 */
import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { selectStoreSettings } from '../../../../../machines/auth/auth.selectors';
import {
  selectRecord,
  selectRecordFailure,
  selectRecordStatus,
} from '../../../../../machines/record/record.selectors';
import type { CustomerProfile } from '../../../../contracts/customer-profile';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';
import { useAuthSelector } from '../../../lib/actors/auth-actor';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { LoadState } from '../load-state';
import { CUSTOMER_POINTS_HISTORY, CUSTOMER_REVIEWS_HISTORY } from '../panels/customer-panels';
import { useOnlineEvent } from '../../../lib/online-events';
import { RowHistory } from '../panels/row-history-panel';
import { errorText } from '../resource-text';
import { customerProfileLogic } from './customers-logic';

const NS = 'customers';

export interface CustomerPageProps {
  id: number;
  /** Where the admin edits this customer, or null when this person may not (the app decides, by route access). */
  editPath: string | null;
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" data-testid={testId} aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0" borderWidth="1px" borderRadius="md" p="3" data-testid={testId}>
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold">
        {value}
      </Text>
    </Stack>
  );
}

function useFormats() {
  const { i18n } = useTranslation();
  const settings = useAuthSelector(selectStoreSettings);
  const currency = settings?.currency ?? DEFAULT_CURRENCY;
  const timeZone = settings?.timezone;
  return {
    money: (minor: number) => formatMoney(minor, i18n.language, currency),
    when: (at: string) => formatDateTime(at, i18n.language, timeZone),
    /** A calendar day (YYYY-MM-DD: a birthday, a membership's last day): the day itself, whatever the zone. */
    day: (day: string) => formatDate(day, i18n.language, { timeZone: 'UTC' }),
    /** The store's day of an instant (a visit). */
    dayOf: (at: string) => formatDate(at, i18n.language, timeZone ? { timeZone } : {}),
  };
}

function Header({ profile, editPath }: { profile: CustomerProfile; editPath: string | null }) {
  const { t } = useTranslation(NS);
  const f = useFormats();
  const { customer } = profile;
  const membership = customer.membership;
  return (
    <Stack gap="2">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl" data-testid="customer-page-name">
          {customer.name}
        </Heading>
        <HStack gap="2">
          <Button asChild variant="outline" minH="11">
            <RouterLink to="/customers/search">{t('page.find')}</RouterLink>
          </Button>
          {editPath && (
            <Button asChild minH="11" colorPalette="brand">
              <RouterLink to={editPath} data-testid="customer-page-edit">
                {t('page.edit')}
              </RouterLink>
            </Button>
          )}
        </HStack>
      </HStack>
      <Text color="fg.muted">
        {[customer.phone, customer.email].filter(Boolean).join(' · ') || t('search.noContact')}
      </Text>
      <HStack gap="2" wrap="wrap" data-testid="customer-page-badges">
        {membership ? (
          <Badge colorPalette={profile.membership_holds ? 'brand' : 'red'} size="lg">
            {profile.membership_holds
              ? membership.expires_on
                ? t('page.memberUntil', { name: membership.name, day: f.day(membership.expires_on) })
                : t('page.member', { name: membership.name })
              : t('page.memberExpired', { name: membership.name })}
          </Badge>
        ) : (
          <Badge size="lg">{t('page.noMembership')}</Badge>
        )}
        {profile.group && <Badge size="lg">{profile.group.name}</Badge>}
        {customer.birthday && (
          <Badge size="lg">{t('page.birthday', { day: f.day(customer.birthday) })}</Badge>
        )}
        <Badge size="lg" variant="outline">
          {profile.accepts_messages ? t('page.acceptsMessages') : t('page.noMessages')}
        </Badge>
        {!customer.is_active && (
          <Badge size="lg" colorPalette="red">
            {t('page.inactive')}
          </Badge>
        )}
      </HStack>
      {customer.notes && (
        <Text whiteSpace="pre-wrap" borderLeftWidth="3px" pl="3" data-testid="customer-page-notes">
          {customer.notes}
        </Text>
      )}
    </Stack>
  );
}

function Visits({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation(NS);
  const f = useFormats();
  const { visits } = profile;
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="customer-page-visits">
      <Stat testId="customer-page-visit-count" label={t('page.visits')} value={String(visits.count)} />
      <Stat testId="customer-page-spend" label={t('page.spend')} value={f.money(visits.spend)} />
      <Stat
        testId="customer-page-last-visit"
        label={t('page.lastVisit')}
        value={visits.last_at ? f.dayOf(visits.last_at) : t('page.never')}
      />
      <Stat
        testId="customer-page-points"
        label={t('page.points')}
        value={String(profile.customer.point_balance)}
      />
    </SimpleGrid>
  );
}

function LastServices({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation(NS);
  const f = useFormats();
  if (profile.last_services.length === 0) return <Text color="fg.muted">{t('page.noServices')}</Text>;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="customer-page-services">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('page.when')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('page.service')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('page.technician')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('page.invoice')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {profile.last_services.map((s, index) => (
            <Table.Row key={`${s.sale_id}-${index}`}>
              <Table.Cell>{f.when(s.order_at)}</Table.Cell>
              <Table.Cell>{s.quantity > 1 ? `${s.name} × ${s.quantity}` : s.name}</Table.Cell>
              <Table.Cell>{s.employee_name}</Table.Cell>
              <Table.Cell>{s.invoice_no}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Technicians({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation(NS);
  const f = useFormats();
  if (profile.technicians.length === 0) return <Text color="fg.muted">{t('page.noTechnicians')}</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" data-testid="customer-page-technicians">
      {profile.technicians.map((tech) => (
        <HStack
          as="li"
          key={tech.employee_id}
          justify="space-between"
          borderWidth="1px"
          borderRadius="md"
          p="3"
        >
          <Text fontWeight="semibold">{tech.name}</Text>
          <Text color="fg.muted">
            {t('page.servedVisits', { count: tech.visits, day: f.dayOf(tech.last_at) })}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

function GiftCards({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation(NS);
  const f = useFormats();
  const cards = profile.customer.giftcards;
  if (cards.length === 0) return null;
  return (
    <Section title={t('page.giftcards')} testId="customer-page-giftcards">
      <Stack as="ul" gap="2" listStyleType="none">
        {cards.map((card) => (
          <HStack as="li" key={card.id} justify="space-between" borderWidth="1px" borderRadius="md" p="3">
            <Text fontFamily="mono">{card.number}</Text>
            <HStack gap="2">
              <Text fontWeight="semibold">{f.money(card.balance)}</Text>
              {!card.is_active && <Badge colorPalette="red">{t('page.inactive')}</Badge>}
            </HStack>
          </HStack>
        ))}
      </Stack>
    </Section>
  );
}

export function CustomerPageScreen({ id, editPath }: CustomerPageProps) {
  const { t } = useTranslation([NS, 'admin']);
  const [logic] = useState(() => customerProfileLogic());
  const actor = useActorRef(logic, { input: { id } });
  useOnlineEvent(actor);
  const status = useSelector(actor, selectRecordStatus);
  const profile = useSelector(actor, selectRecord);
  const failure = useSelector(actor, selectRecordFailure);

  if (status === 'notFound') {
    return (
      <Stack gap="4" p="6" align="flex-start" data-testid="customer-page-not-found">
        <Heading as="h1" size="2xl">
          {t('page.notFound')}
        </Heading>
        <Button asChild minH="11">
          <RouterLink to="/customers/search">{t('page.find')}</RouterLink>
        </Button>
      </Stack>
    );
  }
  if (!profile) {
    return (
      <Box p="6">
        <LoadState
          state={status === 'offline' ? 'offline' : status === 'failed' ? 'error' : 'loading'}
          titles={{ error: t('page.loadError'), offline: t('page.offline') }}
          failure={failure}
          onRetry={() => actor.send({ type: 'retry' })}
          testId="customer-page"
          py="12"
        />
      </Box>
    );
  }
  return (
    <Stack gap="6" p={{ base: '4', md: '6' }} maxW="5xl" mx="auto" w="full" data-testid="customer-page">
      <Header profile={profile} editPath={editPath} />
      {status === 'shown' && failure && <Text color="fg.error">{errorText(t, failure)}</Text>}
      <Visits profile={profile} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Section title={t('page.lastServices')} testId="customer-page-last-services">
          <LastServices profile={profile} />
        </Section>
        <Section title={t('page.technicians')} testId="customer-page-technicians-section">
          <Technicians profile={profile} />
        </Section>
      </SimpleGrid>
      <GiftCards profile={profile} />
      <Section title={t('page.pointsHistory')} testId="customer-page-points-history">
        <RowHistory rowId={profile.customer.id} config={CUSTOMER_POINTS_HISTORY} />
      </Section>
      <Section title={t('page.reviews')} testId="customer-page-reviews">
        <RowHistory rowId={profile.customer.id} config={CUSTOMER_REVIEWS_HISTORY} />
      </Section>
    </Stack>
  );
}
