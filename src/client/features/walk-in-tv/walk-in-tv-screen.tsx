/**
 * The walk-in TV (/pos/walk-in/tv/:storeId; docs/front-desk.md#the-tv): a wall screen in the waiting room,
 * readable from five metres. The waiting customers in order (first name and last initial only), who is next for
 * whom, the technicians on shift, available, busy or on a break, and the turn order with the reasons for each
 * place. It renders the live channel chart
 * (machines/live-channel): the board arrives with each change, within a second; while the stream is down the
 * last board stays, marked as reconnecting, and comes back by itself.
 *
 * Test ids for the end-to-end test: `walk-in-tv` (data-status: connecting | live | catchingUp | reconnecting),
 * `tv-waiting` (one per customer, data-walk-in-id), `tv-next`, `tv-technician` (data-state), `tv-empty`,
 * `tv-turn` (data-state, data-position) with `tv-turn-reasons`.
 */
import { Badge, Box, Button, Grid, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectBoard,
  selectIsStale,
  selectLiveStatus,
  selectRetryInSeconds,
} from '../../../../machines/live-channel/live-channel.selectors';
import type { TvBoard, TvTechnician } from '../../../contracts/live';
import { useStoreTime } from '../../lib/store-clock';
import { reasonText, TURN_NS } from '../../lib/turn-reasons';
import { walkInTvLogic } from './walk-in-tv-logic';

export const NS = 'walk-in-tv';

const STATE_PALETTE = { available: 'green', busy: 'orange', on_break: 'gray' } as const;

function Waiting({ board }: { board: TvBoard }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="4" as="section" aria-labelledby="tv-waiting-title" minH="0">
      <Heading as="h2" id="tv-waiting-title" fontSize={{ base: '3xl', lg: '5xl' }}>
        {t('waiting.title', { count: board.waiting.length })}
      </Heading>
      {board.waiting.length === 0 ? (
        <Text fontSize={{ base: '2xl', lg: '4xl' }} color="fg.muted" data-testid="tv-empty">
          {t('waiting.empty')}
        </Text>
      ) : (
        <Stack as="ol" gap="3" overflow="hidden">
          {board.waiting.map((w) => (
            <HStack
              as="li"
              key={w.id}
              gap="6"
              px="6"
              py="3"
              borderRadius="l3"
              bg="bg.muted"
              data-testid="tv-waiting"
              data-walk-in-id={w.id}
            >
              <Text fontSize={{ base: '3xl', lg: '5xl' }} fontWeight="bold" minW="2ch" color="fg.muted">
                {w.position}
              </Text>
              <Text fontSize={{ base: '3xl', lg: '5xl' }} fontWeight="semibold" flex="1" lineClamp={1}>
                {w.name}
              </Text>
              <Text fontSize={{ base: 'xl', lg: '3xl' }} color="fg.muted">
                {w.technician ? t('waiting.for', { name: w.technician.first_name }) : t('waiting.anyone')}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NextUp({ board }: { board: TvBoard }) {
  const { t } = useTranslation(NS);
  if (board.next.length === 0) return null;
  return (
    <Stack gap="4" as="section" aria-labelledby="tv-next-title">
      <Heading as="h2" id="tv-next-title" fontSize={{ base: '3xl', lg: '5xl' }}>
        {t('next.title')}
      </Heading>
      {board.next.map((n) => (
        <Box
          key={n.walk_in_id}
          px="6"
          py="4"
          borderRadius="l3"
          borderWidth="3px"
          borderColor="brand.solid"
          data-testid="tv-next"
        >
          <Text fontSize={{ base: '4xl', lg: '6xl' }} fontWeight="bold" lineClamp={1}>
            {n.name}
          </Text>
          <Text fontSize={{ base: 'xl', lg: '3xl' }} color="fg.muted">
            {n.technician ? t('next.with', { name: n.technician.first_name }) : t('next.anyone')}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function Technician({ technician }: { technician: TvTechnician }) {
  const { t } = useTranslation(NS);
  return (
    <HStack gap="3" data-testid="tv-technician" data-state={technician.state}>
      <Badge
        colorPalette={STATE_PALETTE[technician.state]}
        fontSize={{ base: 'xl', lg: '2xl' }}
        px="4"
        py="2"
      >
        {technician.first_name}
      </Badge>
      <Text fontSize={{ base: 'lg', lg: '2xl' }} color="fg.muted">
        {technician.state === 'busy' && technician.serving
          ? t('technicians.busyWith', { name: technician.serving })
          : t(`technicians.${technician.state}`)}
      </Text>
    </HStack>
  );
}

/** The turn order with each place's reasons (docs/turns.md "Reasons"): it ends "whose turn is it" in the room. */
function TurnOrder({ board }: { board: TvBoard }) {
  const { t } = useTranslation([NS, TURN_NS]);
  const time = useStoreTime();
  if (board.turns.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="tv-turns-title">
      <Heading as="h2" id="tv-turns-title" fontSize={{ base: '2xl', lg: '4xl' }}>
        {t('turns.title')}
      </Heading>
      <Stack as="ol" gap="2">
        {board.turns.map((turn) => (
          <HStack
            as="li"
            key={turn.id}
            gap="4"
            align="baseline"
            data-testid="tv-turn"
            data-state={turn.state}
            data-position={turn.position}
          >
            <Text fontSize={{ base: 'xl', lg: '3xl' }} fontWeight="bold" minW="2ch" color="fg.muted">
              {turn.position}
            </Text>
            <Stack gap="0">
              <Text fontSize={{ base: 'xl', lg: '3xl' }} fontWeight="semibold">
                {turn.first_name}
              </Text>
              <Text fontSize={{ base: 'md', lg: 'xl' }} color="fg.muted" data-testid="tv-turn-reasons">
                {turn.reasons
                  .map((reason) => {
                    const text = reasonText(reason, time);
                    return t(`${TURN_NS}:${text.key}`, text.values);
                  })
                  .join(' · ')}
              </Text>
            </Stack>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

function Technicians({ board }: { board: TvBoard }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="3" as="section" aria-labelledby="tv-technicians-title">
      <Heading as="h2" id="tv-technicians-title" fontSize={{ base: '2xl', lg: '4xl' }}>
        {t('technicians.title')}
      </Heading>
      {board.technicians.length === 0 ? (
        <Text fontSize={{ base: 'xl', lg: '3xl' }} color="fg.muted">
          {t('technicians.none')}
        </Text>
      ) : (
        <HStack gap="8" wrap="wrap">
          {board.technicians.map((tech) => (
            <Technician key={tech.id} technician={tech} />
          ))}
        </HStack>
      )}
    </Stack>
  );
}

export function WalkInTvScreen({ storeId }: { storeId: number }) {
  const { t } = useTranslation(NS);
  const [logic] = useState(() => walkInTvLogic());
  const actor = useActorRef(logic, { input: { storeId, view: 'tv' } });
  const status = useSelector(actor, selectLiveStatus);
  const board = useSelector(actor, selectBoard);
  const stale = useSelector(actor, selectIsStale);
  const retryIn = useSelector(actor, selectRetryInSeconds);

  // The browser's "online" is what the chart's reconnecting state may skip its wait for.
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);

  return (
    <Stack h="full" p={{ base: '6', lg: '10' }} gap="8" data-testid="walk-in-tv" data-status={status}>
      <HStack justify="space-between" gap="6">
        <Heading as="h1" fontSize={{ base: '4xl', lg: '6xl' }} lineClamp={1}>
          {board?.store.name ?? t('title')}
        </Heading>
        <HStack gap="4" role="status" aria-live="polite">
          {status === 'reconnecting' && (
            <>
              <Text fontSize={{ base: 'lg', lg: '2xl' }} color="fg.warning">
                {retryIn !== null ? t('status.reconnectingIn', { count: retryIn }) : t('status.reconnecting')}
              </Text>
              <Button size="lg" variant="outline" onClick={() => actor.send({ type: 'retry' })}>
                {t('status.retry')}
              </Button>
            </>
          )}
          {status === 'catchingUp' && (
            <Text fontSize={{ base: 'lg', lg: '2xl' }} color="fg.muted">
              {t('status.catchingUp')}
            </Text>
          )}
          {status === 'live' && (
            <Badge colorPalette="green" fontSize="xl" px="3" py="1">
              {t('status.live')}
            </Badge>
          )}
        </HStack>
      </HStack>

      {board === null ? (
        <HStack gap="4" justify="center" flex="1">
          <Spinner size="xl" color="brand.solid" />
          <Text fontSize={{ base: '2xl', lg: '4xl' }}>
            {status === 'reconnecting' ? t('status.reconnecting') : t('status.connecting')}
          </Text>
        </HStack>
      ) : (
        <Grid
          templateColumns={{ base: '1fr', lg: '3fr 2fr' }}
          gap="10"
          flex="1"
          minH="0"
          opacity={stale ? 0.7 : 1}
        >
          <Waiting board={board} />
          <Stack gap="10" minH="0">
            <NextUp board={board} />
            <Technicians board={board} />
            <TurnOrder board={board} />
          </Stack>
        </Grid>
      )}
    </Stack>
  );
}
