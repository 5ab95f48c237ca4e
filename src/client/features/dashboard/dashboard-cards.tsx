/**
 * The dashboard's cards (docs/dashboard.md): the period's figures each against the same days a week earlier,
 * with an arrow and the change in percent (src/domain/dashboard.ts changeOf), and the queue now: walk-ins
 * waiting and in service, appointments left today. The arrow is decoration; the sentence beside it says the
 * same for a screen reader.
 */
import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { selectSummary } from '../../../../machines/dashboard/dashboard.selectors';
import type { DashboardFigures } from '../../../contracts/dashboard';
import { changeOf } from '../../../domain/dashboard';
import { DashboardActor } from './dashboard-actor';
import { NS, useDashboardFormat } from './dashboard-format';

const FIGURES = [
  { id: 'net', kind: 'money' },
  { id: 'sales_count', kind: 'count' },
  { id: 'average_ticket', kind: 'money' },
  { id: 'tips', kind: 'money' },
] as const satisfies ReadonlyArray<{ id: keyof DashboardFigures; kind: 'money' | 'count' }>;

const ARROW = { up: '▲', down: '▼', same: '▬' } as const;
const COLOUR = { up: 'green.fg', down: 'red.fg', same: 'fg.muted' } as const;

export function FigureCards() {
  const { t } = useTranslation(NS);
  const format = useDashboardFormat();
  const summary = DashboardActor.useSelector(selectSummary);
  if (!summary) return null;
  const day = summary.comparison.start_date;
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" data-testid="dashboard-figures">
      {FIGURES.map(({ id, kind }) => {
        const now = summary.current[id];
        const before = summary.previous[id];
        const change = changeOf(now, before);
        const write = kind === 'money' ? format.money : format.count;
        return (
          <Card.Root key={id} size="sm" data-testid={`dashboard-figure-${id}`}>
            <Card.Body gap="1">
              <Text color="fg.muted" fontSize="sm">
                {t(`figures.${id}`)}
              </Text>
              <Text fontSize="2xl" fontWeight="semibold" data-testid={`dashboard-figure-${id}-value`}>
                {write(now)}
              </Text>
              <Text color={COLOUR[change.direction]} data-testid={`dashboard-figure-${id}-change`}>
                <Text as="span" aria-hidden>
                  {ARROW[change.direction]}{' '}
                </Text>
                {change.percent === null
                  ? t('change.fromNothing')
                  : t(`change.${change.direction}`, { percent: change.percent })}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {t('change.against', { value: write(before), day: format.day(day) })}
              </Text>
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}

export function QueueCards() {
  const { t } = useTranslation(NS);
  const format = useDashboardFormat();
  const summary = DashboardActor.useSelector(selectSummary);
  if (!summary) return null;
  const { walk_ins: walkIns, appointments } = summary;
  const next = appointments.next_starts_at;
  const cards = [
    { id: 'walkInsWaiting', value: walkIns.waiting, help: null },
    { id: 'walkInsInService', value: walkIns.in_service, help: null },
    {
      id: 'appointmentsLeft',
      value: appointments.left_today,
      help: next ? t('queue.firstAt', { time: format.time(next, summary.range.timezone) }) : null,
    },
  ] as const;
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="dashboard-queue">
      {cards.map((card) => (
        <Card.Root key={card.id} size="sm" data-testid={`dashboard-${card.id}`}>
          <Card.Body gap="1">
            <Text color="fg.muted" fontSize="sm">
              {t(`queue.${card.id}`)}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold">
              {format.count(card.value)}
            </Text>
            {card.help && <Text fontSize="sm">{card.help}</Text>}
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
