/**
 * The clock-in screen (/pos/employee-check-in; docs/front-desk.md "Clock in and out"): the store's team as large
 * tiles, technicians first, each saying where the person stands; a tap opens the actions their status allows,
 * and the person's PIN when someone else is signed in. It renders the clock-in chart (machines/clock-in) and
 * sends it events; loading, the empty team, a failed load and offline are the chart's states.
 *
 * Test ids for the end-to-end tests: `clock-board` (data-status: the chart's state), `clock-tile`
 * (data-employee-id, data-status off | working | on_break), `clock-dialog`, `clock-action-<action>`, `pin-pad`,
 * `clock-done`, `clock-error`.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectAllowedActions,
  selectChosenAction,
  selectChosenName,
  selectClockInStatus,
  selectDialogOpen,
  selectDone,
  selectEmployees,
  selectError,
  selectFailure,
  selectSavedOffline,
  selectUsesPin,
  toBoard,
} from '../../../../machines/clock-in/clock-in.selectors';
import type { BoardPerson, ClockError, ClockInInput } from '../../../../machines/clock-in/clock-in.types';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '../../../../machines/pin-check/pin-check.rules';
import type { PinDigit } from '../../../../machines/pin-check/pin-check.types';
import { ModalDialog } from '../../components/modal-dialog';
import { PinPadView } from '../../components/pin-pad/pin-pad';
import { clockInLogic } from './clock-in-logic';
import { useStoreTime } from '../../lib/store-clock';
import { ACTION_KEY, DONE_KEY, errorKey, NS, statusKey } from './clock-text';

type ClockInActor = ActorRefFrom<ReturnType<typeof clockInLogic>>;

const STATUS_PALETTE = { off: 'gray', working: 'green', on_break: 'orange' } as const;

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function ErrorText({ error }: { error: ClockError }) {
  const { t } = useTranslation([NS, 'common']);
  const { keys, values } = errorKey(error);
  return (
    <Text role="alert" color="fg.error" fontWeight="medium" textAlign="center" data-testid="clock-error">
      {t(keys, values)}
    </Text>
  );
}

function Tile({
  person,
  onChoose,
  disabled,
}: {
  person: BoardPerson;
  onChoose: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(NS);
  const time = useStoreTime();
  return (
    <Button
      variant="outline"
      w="full"
      h="auto"
      minH="24"
      py="4"
      px="4"
      whiteSpace="normal"
      onClick={onChoose}
      disabled={disabled}
      data-testid="clock-tile"
      data-employee-id={person.id}
      data-status={person.status}
    >
      <Stack gap="2" align="center" w="full">
        <Text fontSize="xl" fontWeight="semibold" lineClamp={2}>
          {person.name}
        </Text>
        <Badge colorPalette={STATUS_PALETTE[person.status]} size="lg">
          {t(statusKey(person), { time: person.since ? time(person.since) : '' })}
        </Badge>
      </Stack>
    </Button>
  );
}

function Messages({ actor }: { actor: ClockInActor }) {
  const { t } = useTranslation(NS);
  const time = useStoreTime();
  const done = useSelector(actor, selectDone);
  const savedOffline = useSelector(actor, selectSavedOffline);
  const error = useSelector(actor, selectError);
  const failure = useSelector(actor, selectFailure);
  const open = useSelector(actor, selectDialogOpen);
  if (open) return null;
  return (
    <Stack gap="3">
      {done && (
        <Alert.Root status="success" role="status" data-testid="clock-done">
          <Alert.Indicator />
          <Alert.Title>{t(DONE_KEY[done.action], { name: done.name, time: time(done.at) })}</Alert.Title>
        </Alert.Root>
      )}
      {savedOffline && (
        <Alert.Root status="info" role="status" data-testid="clock-saved-offline">
          <Alert.Indicator />
          <Alert.Title>
            {t('savedOffline', { name: savedOffline.name, action: t(ACTION_KEY[savedOffline.action]) })}
          </Alert.Title>
        </Alert.Root>
      )}
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <ErrorText error={error} />
        </Alert.Root>
      )}
      {failure && (
        <Alert.Root status="warning" data-testid="clock-reload-failed">
          <Alert.Indicator />
          <Alert.Title>{t('reloadFailed')}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** The PIN step: the typed digits live here only until they are sent (the chart never keeps a PIN). */
function PinStep({ actor, name }: { actor: ClockInActor; name: string }) {
  const { t } = useTranslation(NS);
  const status = useSelector(actor, selectClockInStatus);
  const error = useSelector(actor, selectError);
  const [digits, setDigits] = useState('');
  const checking = status === 'submitting';
  const submit = () => {
    if (digits.length < PIN_MIN_LENGTH || checking) return;
    actor.send({ type: 'pin.submit', pin: digits });
    setDigits('');
  };
  return (
    <PinPadView
      title={t('pin.title', { name })}
      description={t('pin.description')}
      count={digits.length}
      checking={checking}
      digitsDisabled={checking || digits.length >= PIN_MAX_LENGTH}
      clearDisabled={checking || digits === ''}
      backspaceDisabled={checking || digits === ''}
      submitDisabled={checking || digits.length < PIN_MIN_LENGTH}
      // The refusal stays readable until the next PIN is being typed.
      message={error && digits === '' ? <ErrorText error={error} /> : null}
      onDigit={(digit: PinDigit) => setDigits((typed) => (typed + digit).slice(0, PIN_MAX_LENGTH))}
      onBackspace={() => setDigits((typed) => typed.slice(0, -1))}
      onClear={() => setDigits('')}
      onSubmit={submit}
    />
  );
}

function ActionStep({ actor }: { actor: ClockInActor }) {
  const { t } = useTranslation(NS);
  const actions = useSelector(actor, selectAllowedActions, sameList);
  const chosen = useSelector(actor, selectChosenAction);
  const status = useSelector(actor, selectClockInStatus);
  const error = useSelector(actor, selectError);
  const sending = status === 'submitting';
  return (
    <Stack gap="4">
      <Text textAlign="center" color="fg.muted">
        {t('dialog.choose')}
      </Text>
      {actions.map((action) => (
        <Button
          key={action}
          size="2xl"
          h="16"
          colorPalette="brand"
          variant={action === 'check_out' ? 'outline' : 'solid'}
          onClick={() => actor.send({ type: 'action.choose', action })}
          disabled={sending}
          loading={sending && chosen === action}
          loadingText={t('sending')}
          data-testid={`clock-action-${action}`}
        >
          {t(ACTION_KEY[action])}
        </Button>
      ))}
      {error && !sending && <ErrorText error={error} />}
    </Stack>
  );
}

function ClockDialog({ actor }: { actor: ClockInActor }) {
  const { t } = useTranslation(NS);
  const open = useSelector(actor, selectDialogOpen);
  const name = useSelector(actor, selectChosenName);
  const usesPin = useSelector(actor, selectUsesPin);
  const status = useSelector(actor, selectClockInStatus);
  return (
    <ModalDialog
      open={open}
      // While the call runs the answer decides where the dialog goes; the chart takes no cancel then.
      onClose={() => actor.send({ type: 'cancel' })}
      size={{ base: 'full', sm: 'md' }}
      testId="clock-dialog"
      data={{ 'data-status': status }}
      closeButton={{ size: 'lg', 'aria-label': t('dialog.cancel'), disabled: status === 'submitting' }}
      title={name ?? ''}
      bodyProps={{ pb: '6' }}
    >
      {usesPin ? <PinStep actor={actor} name={name ?? ''} /> : <ActionStep actor={actor} />}
    </ModalDialog>
  );
}

function Board({ actor }: { actor: ClockInActor }) {
  const { t } = useTranslation(NS);
  const employees = useSelector(actor, selectEmployees);
  const status = useSelector(actor, selectClockInStatus);
  const board = useMemo(() => toBoard(employees), [employees]);
  if (board.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="12" data-testid="clock-empty">
        {t('empty')}
      </Text>
    );
  }
  return (
    <SimpleGrid
      columns={{ base: 2, md: 3, lg: 4 }}
      gap="4"
      as="ul"
      listStyleType="none"
      aria-label={t('title')}
    >
      {board.map((person) => (
        <Box as="li" key={person.id}>
          <Tile
            person={person}
            disabled={status !== 'ready'}
            onChoose={() => actor.send({ type: 'person.choose', id: person.id })}
          />
        </Box>
      ))}
    </SimpleGrid>
  );
}

function LoadProblem({ actor, offline }: { actor: ClockInActor; offline: boolean }) {
  const { t } = useTranslation(NS);
  const failure = useSelector(actor, selectFailure);
  return (
    <Alert.Root
      status={offline ? 'warning' : 'error'}
      data-testid={offline ? 'clock-offline' : 'clock-failed'}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(offline ? 'offline' : 'failed')}</Alert.Title>
        {!offline && failure && (
          <Alert.Description>{t(errorKey(failure).keys, errorKey(failure).values)}</Alert.Description>
        )}
      </Alert.Content>
      <Button minH="11" onClick={() => actor.send({ type: 'retry' })} data-testid="clock-retry">
        {t('retry')}
      </Button>
    </Alert.Root>
  );
}

export function EmployeeCheckInScreen({ caller }: { caller: ClockInInput }) {
  const { t } = useTranslation(NS);
  const [logic] = useState(() => clockInLogic());
  const actor = useActorRef(logic, { input: caller });
  const status = useSelector(actor, selectClockInStatus);

  // The browser's "online" is what the chart's offline state waits for.
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);

  return (
    <Stack
      gap="6"
      p={{ base: '4', md: '6' }}
      maxW="6xl"
      mx="auto"
      w="full"
      data-testid="clock-board"
      data-status={status}
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('intro')}</Text>
        </Stack>
        {status === 'reloading' && <Spinner color="brand.solid" aria-label={t('loading')} />}
      </HStack>
      {status === 'loading' ? (
        <HStack justify="center" py="12" role="status" data-testid="clock-loading">
          <Spinner color="brand.solid" size="lg" />
          <Text>{t('loading')}</Text>
        </HStack>
      ) : status === 'failed' || status === 'offline' ? (
        <LoadProblem actor={actor} offline={status === 'offline'} />
      ) : (
        <>
          <Messages actor={actor} />
          <Board actor={actor} />
          <ClockDialog actor={actor} />
        </>
      )}
    </Stack>
  );
}
