/**
 * The turn board (/pos/turn-system; docs/turns.md "On the server and the screens"): the day's queue in order,
 * each technician with her state and the reasons for her place in the reader's language, and the desk's acts:
 * give the next turn for a service (or a turn to one technician), finish or cancel it, skip or take the skip
 * back, and a bonus turn with a manager's PIN and reason. It renders the turn board chart (machines/turn-board)
 * and, per row, the technician's own chart (machines/technician), which decides what the row offers.
 *
 * Test ids: `turn-board` (data-status), `turn-row` (data-technician-id, data-state, data-position),
 * `turn-reason` (data-code), `turn-next`, `turn-take-next`, `turn-service`, `turn-take`, `turn-finish`,
 * `turn-cancel`, `turn-skip`, `turn-cancel-skip`, `turn-bonus`, `manager-dialog`, `turn-done`, `turn-error`.
 */
import { Box, Button, Heading, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  selectCanCancelSkip,
  selectCanFinish,
  selectCanSkip,
  selectCanTake,
  selectInQueue,
  selectTechnicianState,
} from '../../../../machines/technician/technician.selectors';
import {
  selectCanAct,
  selectNextId,
  selectServiceId,
  selectServices,
  selectTechnicianRef,
  selectTechnicians,
  selectTurnBoardStatus,
} from '../../../../machines/turn-board/turn-board.selectors';
import type { BoardTechnician } from '../../../contracts/turn-system';
import { turnBoardLogic } from './turn-system-logic';
import type { ManagerAsk, TurnBoardActor } from './turn-parts';
import { LoadProblem, Loading, ManagerDialog, Messages, Reasons, StateBadge } from './turn-parts';
import { NS } from './turn-text';

function ServicePicker({ actor }: { actor: TurnBoardActor }) {
  const { t } = useTranslation(NS);
  const services = useSelector(actor, selectServices);
  const serviceId = useSelector(actor, selectServiceId);
  return (
    <NativeSelect.Root size="lg" maxW="sm">
      <NativeSelect.Field
        aria-label={t('service')}
        value={serviceId === null ? '' : String(serviceId)}
        onChange={(e) =>
          actor.send({
            type: 'service.choose',
            serviceId: e.target.value === '' ? null : Number(e.target.value),
          })
        }
        data-testid="turn-service"
      >
        <option value="">{t('anyService')}</option>
        {services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} · {t(`turnValue.${s.turn_value}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function NextTurn({ actor }: { actor: TurnBoardActor }) {
  const { t } = useTranslation(NS);
  const nextId = useSelector(actor, selectNextId);
  const technicians = useSelector(actor, selectTechnicians);
  const canAct = useSelector(actor, selectCanAct);
  const next = technicians.find((x) => x.technician_id === nextId);
  return (
    <HStack gap="4" wrap="wrap" justify="space-between" p="4" borderWidth="1px" borderRadius="l3">
      <Text fontSize="xl" fontWeight="semibold" data-testid="turn-next" data-technician-id={nextId ?? ''}>
        {next ? t(next.bonus_left > 0 ? 'nextBonus' : 'next', { name: next.name }) : t('nobodyNext')}
      </Text>
      <HStack gap="3" wrap="wrap">
        <ServicePicker actor={actor} />
        <Button
          size="xl"
          colorPalette="brand"
          disabled={!canAct || next === undefined}
          onClick={() => actor.send({ type: 'turn.take', technicianId: null })}
          data-testid="turn-take-next"
        >
          {t('actions.takeNext')}
        </Button>
      </HStack>
    </HStack>
  );
}

function Row({
  actor,
  technician,
  onBonus,
}: {
  actor: TurnBoardActor;
  technician: BoardTechnician;
  onBonus: (ask: ManagerAsk) => void;
}) {
  const { t } = useTranslation(NS);
  const id = technician.technician_id;
  const ref = useSelector(actor, selectTechnicianRef(id));
  const canAct = useSelector(actor, selectCanAct);
  // Before her chart is spawned (the first render of a load), the board's word stands.
  const state = useSelector(ref, (s) => (s ? selectTechnicianState(s) : technician.state));
  const canTake = useSelector(ref, (s) => (s ? selectCanTake(s) : false));
  const canFinish = useSelector(ref, (s) => (s ? selectCanFinish(s) : false));
  const canSkip = useSelector(ref, (s) => (s ? selectCanSkip(s) : false));
  const canCancelSkip = useSelector(ref, (s) => (s ? selectCanCancelSkip(s) : false));
  const inQueue = useSelector(ref, (s) => (s ? selectInQueue(s) : false));
  const turn = technician.current_turn;
  // The row answers at once (her chart), and the board sends the call.
  const act = (local: 'take' | 'finish' | 'skip' | 'skip.cancel', send: () => void) => {
    ref?.send({ type: local });
    send();
  };
  return (
    <Box
      as="li"
      p="4"
      borderWidth="1px"
      borderRadius="l3"
      data-testid="turn-row"
      data-name={technician.name}
      data-technician-id={id}
      data-state={state}
      data-position={technician.position ?? ''}
    >
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="3">
            {technician.position !== null && (
              <Text fontWeight="bold" fontSize="lg" minW="14">
                {t('position', { position: technician.position })}
              </Text>
            )}
            <Text fontSize="xl" fontWeight="semibold">
              {technician.name}
            </Text>
            <StateBadge state={state} />
          </HStack>
          <HStack gap="2" wrap="wrap">
            {canTake && (
              <Button
                minH="11"
                colorPalette="brand"
                disabled={!canAct}
                onClick={() => act('take', () => actor.send({ type: 'turn.take', technicianId: id }))}
                data-testid="turn-take"
              >
                {t('actions.take')}
              </Button>
            )}
            {canFinish && turn && (
              <>
                <Button
                  minH="11"
                  colorPalette="brand"
                  disabled={!canAct}
                  onClick={() => act('finish', () => actor.send({ type: 'turn.finish', turnId: turn.id }))}
                  data-testid="turn-finish"
                >
                  {t('actions.finish')}
                </Button>
                <Button
                  minH="11"
                  variant="outline"
                  disabled={!canAct}
                  onClick={() => actor.send({ type: 'turn.cancel', turnId: turn.id })}
                  data-testid="turn-cancel"
                >
                  {t('actions.cancelTurn')}
                </Button>
              </>
            )}
            {canSkip && (
              <Button
                minH="11"
                variant="outline"
                disabled={!canAct}
                onClick={() => act('skip', () => actor.send({ type: 'skip', technicianId: id }))}
                data-testid="turn-skip"
              >
                {t('actions.skip')}
              </Button>
            )}
            {canCancelSkip && (
              <Button
                minH="11"
                variant="outline"
                disabled={!canAct}
                onClick={() =>
                  act('skip.cancel', () => actor.send({ type: 'skip.cancel', technicianId: id }))
                }
                data-testid="turn-cancel-skip"
              >
                {t('actions.cancelSkip')}
              </Button>
            )}
            {inQueue && (
              <Button
                minH="11"
                variant="ghost"
                disabled={!canAct}
                onClick={() => onBonus({ kind: 'bonus', technicianId: id, name: technician.name })}
                data-testid="turn-bonus"
              >
                {t('actions.bonus')}
              </Button>
            )}
          </HStack>
        </HStack>
        <Reasons technician={technician} />
      </Stack>
    </Box>
  );
}

function Board({ actor }: { actor: TurnBoardActor }) {
  const { t } = useTranslation(NS);
  const technicians = useSelector(actor, selectTechnicians);
  const [ask, setAsk] = useState<ManagerAsk | null>(null);
  if (technicians.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="12" data-testid="turn-empty">
        {t('empty')}
      </Text>
    );
  }
  return (
    <>
      <Stack as="ol" gap="3" listStyleType="none" aria-label={t('title')}>
        {technicians.map((technician) => (
          <Row key={technician.technician_id} actor={actor} technician={technician} onBonus={setAsk} />
        ))}
      </Stack>
      <ManagerDialog actor={actor} ask={ask} onClose={() => setAsk(null)} />
    </>
  );
}

/** The browser's "online" is what the chart's offline state waits for. */
export function useOnline(actor: TurnBoardActor): void {
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);
}

export function TurnSystemScreen() {
  const { t } = useTranslation(NS);
  const [logic] = useState(() => turnBoardLogic());
  const actor = useActorRef(logic);
  const status = useSelector(actor, selectTurnBoardStatus);
  const hasBoard = useSelector(actor, (s) => s.context.board !== null);
  useOnline(actor);
  return (
    <Stack
      gap="5"
      p={{ base: '4', md: '6' }}
      maxW="5xl"
      mx="auto"
      w="full"
      data-testid="turn-board"
      data-status={status}
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('intro')}</Text>
        </Stack>
        <HStack gap="2">
          {(status === 'loading' || status === 'acting') && hasBoard && (
            <Spinner color="brand.solid" aria-label={t('loading')} />
          )}
          <Button
            minH="11"
            variant="outline"
            onClick={() => actor.send({ type: 'refresh' })}
            disabled={status !== 'shown'}
          >
            {t('refresh')}
          </Button>
          <Button asChild minH="11" variant="outline" data-testid="turn-reorder-link">
            <RouterLink to="/pos/turn-re-order">{t('actions.reorder')}</RouterLink>
          </Button>
        </HStack>
      </HStack>
      {!hasBoard && status === 'loading' ? (
        <Loading />
      ) : status === 'failed' || status === 'offline' ? (
        <LoadProblem actor={actor} offline={status === 'offline'} />
      ) : (
        <>
          <Messages actor={actor} />
          <NextTurn actor={actor} />
          <Board actor={actor} />
        </>
      )}
    </Stack>
  );
}
