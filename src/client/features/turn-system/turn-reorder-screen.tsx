/**
 * The turn order (/pos/turn-re-order; docs/turns.md "Manual reorder"): the queue in order with its reasons, each
 * technician moved up or down by touch (the buttons) or keyboard (the buttons, or the arrow keys on her row); a
 * move asks a manager's PIN and a reason, and the board then shows it as "moved by the manager". The same chart
 * as the board (machines/turn-board), in its own actor.
 *
 * Test ids: `turn-order` (data-status), `turn-row` (data-technician-id, data-position), `turn-move-up`,
 * `turn-move-down`, `manager-dialog`, `manager-reason`, `manager-pin`, `manager-confirm`.
 */
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  selectCanAct,
  selectQueue,
  selectTurnBoardStatus,
} from '../../../../machines/turn-board/turn-board.selectors';
import type { BoardTechnician } from '../../../contracts/turn-system';
import { turnBoardLogic } from './turn-system-logic';
import type { ManagerAsk, TurnBoardActor } from './turn-parts';
import { LoadProblem, Loading, ManagerDialog, Messages, Reasons, StateBadge } from './turn-parts';
import { useOnline } from './turn-system-screen';
import { NS } from './turn-text';

function OrderRow({
  technician,
  last,
  canAct,
  onMove,
}: {
  technician: BoardTechnician;
  last: number;
  canAct: boolean;
  onMove: (position: number) => void;
}) {
  const { t } = useTranslation(NS);
  const position = technician.position ?? last;
  return (
    <Box
      as="li"
      p="4"
      borderWidth="1px"
      borderRadius="l3"
      tabIndex={0}
      aria-label={`${t('position', { position })} ${technician.name}`}
      onKeyDown={(e: React.KeyboardEvent) => {
        if (!canAct) return;
        if (e.key === 'ArrowUp' && position > 1) {
          e.preventDefault();
          onMove(position - 1);
        } else if (e.key === 'ArrowDown' && position < last) {
          e.preventDefault();
          onMove(position + 1);
        }
      }}
      data-testid="turn-row"
      data-name={technician.name}
      data-technician-id={technician.technician_id}
      data-position={position}
    >
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <HStack gap="3">
            <Text fontWeight="bold" fontSize="lg" minW="14">
              {t('position', { position })}
            </Text>
            <Text fontSize="xl" fontWeight="semibold">
              {technician.name}
            </Text>
            <StateBadge state={technician.state} />
          </HStack>
          <HStack gap="2">
            <Button
              minH="11"
              minW="11"
              variant="outline"
              disabled={!canAct || position <= 1}
              onClick={() => onMove(position - 1)}
              data-testid="turn-move-up"
            >
              ↑ {t('actions.moveUp')}
            </Button>
            <Button
              minH="11"
              minW="11"
              variant="outline"
              disabled={!canAct || position >= last}
              onClick={() => onMove(position + 1)}
              data-testid="turn-move-down"
            >
              ↓ {t('actions.moveDown')}
            </Button>
          </HStack>
        </HStack>
        <Reasons technician={technician} />
      </Stack>
    </Box>
  );
}

function Order({ actor }: { actor: TurnBoardActor }) {
  const { t } = useTranslation(NS);
  const queue = useSelector(actor, selectQueue);
  const canAct = useSelector(actor, selectCanAct);
  const [ask, setAsk] = useState<ManagerAsk | null>(null);
  if (queue.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="12" data-testid="turn-empty">
        {t('empty')}
      </Text>
    );
  }
  return (
    <>
      <Stack as="ol" gap="3" listStyleType="none" aria-label={t('reorderTitle')}>
        {queue.map((technician) => (
          <OrderRow
            key={technician.technician_id}
            technician={technician}
            last={queue.length}
            canAct={canAct}
            onMove={(position) =>
              setAsk({
                kind: 'reorder',
                technicianId: technician.technician_id,
                name: technician.name,
                position,
              })
            }
          />
        ))}
      </Stack>
      <ManagerDialog actor={actor} ask={ask} onClose={() => setAsk(null)} />
    </>
  );
}

export function TurnReorderScreen() {
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
      maxW="4xl"
      mx="auto"
      w="full"
      data-testid="turn-order"
      data-status={status}
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('reorderTitle')}
          </Heading>
          <Text color="fg.muted">{t('reorderIntro')}</Text>
        </Stack>
        <Button asChild minH="11" variant="outline">
          <RouterLink to="/pos/turn-system">{t('actions.board')}</RouterLink>
        </Button>
      </HStack>
      {!hasBoard && status === 'loading' ? (
        <Loading />
      ) : status === 'failed' || status === 'offline' ? (
        <LoadProblem actor={actor} offline={status === 'offline'} />
      ) : (
        <>
          <Messages actor={actor} />
          <Order actor={actor} />
        </>
      )}
    </Stack>
  );
}
