/**
 * Pieces both turn screens draw (docs/turns.md "On the server and the screens"): a technician's reasons in the
 * reader's language, the act's confirmation and refusal, the load's problems, and the manager's dialog (reason and
 * PIN) for a bonus or a move. Each reads one fact of the turn board chart (machines/turn-board) and sends events.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  List,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectDone,
  selectError,
  selectFailure,
  selectTechnicians,
} from '../../../../machines/turn-board/turn-board.selectors';
import type { BoardTechnician, TechnicianState } from '../../../contracts/turn-system';
import { ModalDialog } from '../../components/modal-dialog';
import type { turnBoardLogic } from './turn-system-logic';
import { reasonText } from '../../lib/turn-reasons';
import { useStoreTime } from '../../lib/store-clock';
import { errorKeys, NS } from './turn-text';

export type TurnBoardActor = ActorRefFrom<ReturnType<typeof turnBoardLogic>>;

export const STATE_PALETTE: Readonly<Record<TechnicianState, string>> = {
  off: 'gray',
  available: 'green',
  busy: 'blue',
  break: 'orange',
  skipping: 'purple',
};

export function StateBadge({ state }: { state: TechnicianState }) {
  const { t } = useTranslation(NS);
  return (
    <Badge colorPalette={STATE_PALETTE[state]} size="lg" data-testid="turn-state">
      {t(`state.${state}`)}
    </Badge>
  );
}

/** Why she stands where she stands, in rule order, worded here from the server's codes. */
export function Reasons({ technician }: { technician: BoardTechnician }) {
  const { t } = useTranslation(NS);
  const time = useStoreTime();
  return (
    <List.Root gap="1" ps="5" color="fg.muted" fontSize="sm">
      {technician.reasons.map((reason, index) => {
        const text = reasonText(reason, time);
        return (
          <List.Item key={`${reason.code}-${index}`} data-testid="turn-reason" data-code={reason.code}>
            {t(text.key, text.values)}
          </List.Item>
        );
      })}
    </List.Root>
  );
}

export function Messages({ actor }: { actor: TurnBoardActor }) {
  const { t } = useTranslation([NS, 'common']);
  const done = useSelector(actor, selectDone);
  const error = useSelector(actor, selectError);
  const technicians = useSelector(actor, selectTechnicians);
  const name = technicians.find((x) => x.technician_id === done?.technicianId)?.name;
  return (
    <Stack gap="3">
      {done && (
        <Alert.Root status="success" role="status" data-testid="turn-done">
          <Alert.Indicator />
          <Alert.Title>
            {t(`done.${done.kind}`)} {name ?? ''}
          </Alert.Title>
        </Alert.Root>
      )}
      {error && (
        <Alert.Root status="error" role="alert" data-testid="turn-error" data-problem={error.problem ?? ''}>
          <Alert.Indicator />
          <Alert.Title>{t(errorKeys(error))}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

export function Loading() {
  const { t } = useTranslation(NS);
  return (
    <HStack justify="center" py="12" role="status" data-testid="turn-loading">
      <Spinner color="brand.solid" size="lg" />
      <Text>{t('loading')}</Text>
    </HStack>
  );
}

export function LoadProblem({ actor, offline }: { actor: TurnBoardActor; offline: boolean }) {
  const { t } = useTranslation([NS, 'common']);
  const failure = useSelector(actor, selectFailure);
  return (
    <Alert.Root status={offline ? 'warning' : 'error'} data-testid={offline ? 'turn-offline' : 'turn-failed'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(offline ? 'offline' : 'failed')}</Alert.Title>
        {!offline && failure && <Alert.Description>{t(errorKeys(failure))}</Alert.Description>}
      </Alert.Content>
      <Button minH="11" onClick={() => actor.send({ type: 'retry' })} data-testid="turn-retry">
        {t('retry')}
      </Button>
    </Alert.Root>
  );
}

/** What a manager approves: a bonus for her, or a move of her to a position. */
export type ManagerAsk =
  | { kind: 'bonus'; technicianId: number; name: string }
  | { kind: 'reorder'; technicianId: number; name: string; position: number };

/**
 * The manager's reason and PIN. The PIN is typed here and handed to the chart in the one event that sends it; the
 * chart passes it to the call and keeps nothing (machines/turn-board).
 */
export function ManagerDialog({
  actor,
  ask,
  onClose,
}: {
  actor: TurnBoardActor;
  ask: ManagerAsk | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [reason, setReason] = useState('');
  const [pin, setPin] = useState('');
  const [count, setCount] = useState('1');
  const ready =
    reason.trim() !== '' && /^\d{4,8}$/.test(pin) && (ask?.kind !== 'bonus' || Number(count) >= 1);
  const close = () => {
    setReason('');
    setPin('');
    setCount('1');
    onClose();
  };
  const confirm = () => {
    if (!ask || !ready) return;
    if (ask.kind === 'bonus')
      actor.send({ type: 'bonus.grant', technicianId: ask.technicianId, count: Number(count), reason, pin });
    else actor.send({ type: 'reorder', technicianId: ask.technicianId, position: ask.position, reason, pin });
    close();
  };
  const title = !ask
    ? ''
    : ask.kind === 'bonus'
      ? t('manager.bonusTitle', { name: ask.name })
      : t('manager.moveTitle', { name: ask.name, position: ask.position });
  return (
    <ModalDialog
      open={ask !== null}
      onClose={close}
      size={{ base: 'full', sm: 'md' }}
      testId="manager-dialog"
      closeButton={{ size: 'lg', 'aria-label': t('manager.cancel') }}
      title={title}
      footer={
        <HStack gap="3">
          <Button variant="outline" minH="11" onClick={close}>
            {t('manager.cancel')}
          </Button>
          <Button
            colorPalette="brand"
            minH="11"
            disabled={!ready}
            onClick={confirm}
            data-testid="manager-confirm"
          >
            {t('manager.confirm')}
          </Button>
        </HStack>
      }
    >
      <Box
        as="form"
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          confirm();
        }}
      >
        <Stack gap="4">
          {ask?.kind === 'bonus' && (
            <Field.Root required>
              <Field.Label>{t('manager.count')}</Field.Label>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={10}
                size="xl"
                value={count}
                onChange={(e) => setCount(e.target.value)}
                data-testid="manager-count"
              />
            </Field.Root>
          )}
          <Field.Root required>
            <Field.Label>{t('manager.reason')}</Field.Label>
            <Input
              size="xl"
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              data-testid="manager-reason"
            />
            <Field.HelperText>{t('manager.reasonHint')}</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('manager.pin')}</Field.Label>
            <Input
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              size="xl"
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              data-testid="manager-pin"
            />
          </Field.Root>
          <button type="submit" hidden />
        </Stack>
      </Box>
    </ModalDialog>
  );
}
