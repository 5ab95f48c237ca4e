/**
 * The desk's walk-in queue (/pos/walk-in; docs/walk-in-screens.md#the-walk-in-queue): today's open walk-ins grouped
 * by technician as the API groups them, each with the moves its status allows (src/domain/walk-in-status.ts):
 * assign a technician (the turn system's suggestion first, with its reason), start the service (the sale screen
 * opens with the turn and its service lines), hand over, unassign, mark left or a no-show, finish. The register
 * form opens as a dialog.
 *
 * It renders the queue chart (machines/walk-in-queue), one walk-in chart per card (machines/walk-in) and the
 * form chart (machines/form-submit); loading, empty, failed and offline are the queue chart's states.
 *
 * Test ids: `walk-in-queue` (data-status), `walk-in-group` (data-key), `walk-in-card` (data-id, data-stage),
 * `walk-in-assign`, `walk-in-start`, `walk-in-unassign`, `walk-in-leave`, `walk-in-no-show`, `walk-in-finish`,
 * `assign-dialog`, `assign-technician` (data-id, data-suggested), `walk-in-register`, `register-dialog`,
 * `register-submit`, `walk-in-error`.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import {
  selectFailure as selectFormFailure,
  selectFieldErrors,
  selectIsBusy as selectFormBusy,
  selectValues,
} from '../../../../machines/form-submit/form-submit.selectors';
import {
  selectFailure,
  selectFromTurnSystem,
  selectGroups,
  selectIsEmpty,
  selectQueueStatus,
  selectTechnicians,
} from '../../../../machines/walk-in-queue/walk-in-queue.selectors';
import type {
  QueueTechnician,
  QueueView,
  QueueWalkIn,
} from '../../../../machines/walk-in-queue/walk-in-queue.types';
import {
  selectCanFinish,
  selectCanLeave,
  selectCanNoShow,
  selectCanStart,
  selectCanUnassign,
  selectError,
  selectFailed,
  selectIsActing,
  selectPending,
} from '../../../../machines/walk-in/walk-in.selectors';
import type { OpenSaleParams } from '../../../../machines/walk-in/walk-in.types';
import { ModalDialog } from '../../components/modal-dialog';
import { queueLogic, registerLogic, walkInLogic } from './walk-in-logic';
import { useStoreTime } from '../../lib/store-clock';
import { NS, reasonKey, registerIssueKey, walkInErrorKeys } from './walk-in-text';

type QueueActor = ActorRefFrom<ReturnType<typeof queueLogic>>;
type WalkInActor = ActorRefFrom<ReturnType<typeof walkInLogic>>;
type RegisterActor = ActorRefFrom<ReturnType<typeof registerLogic>>;

const STAGE_PALETTE = { waiting: 'gray', assigned: 'blue', in_service: 'green' } as const;

/** The sale screen's address and what it reads to open with the turn (app/areas/sale-area.tsx). */
const SALE_PATH = '/pos/sales';

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

// ---- assign -------------------------------------------------------------------------------------------

function AssignDialog({
  technicians,
  fromTurnSystem,
  current,
  onChoose,
  onClose,
}: {
  technicians: readonly QueueTechnician[];
  fromTurnSystem: boolean;
  current: number | null;
  onChoose: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <ModalDialog
      open
      onClose={onClose}
      testId="assign-dialog"
      title={t('assign.title')}
      closeButton={{ size: 'lg', 'aria-label': t('cancel') }}
      bodyProps={{ pb: '6' }}
    >
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm" data-testid="assign-order">
          {fromTurnSystem ? t('assign.byTurns') : t('assign.byCheckIn')}
        </Text>
        {technicians.length === 0 && <Text data-testid="assign-empty">{t('assign.empty')}</Text>}
        {technicians.map((technician) => {
          const reason = reasonKey(technician.reason);
          return (
            <Button
              key={technician.id}
              minH="14"
              h="auto"
              py="3"
              justifyContent="space-between"
              variant={technician.suggested ? 'solid' : 'outline'}
              colorPalette="brand"
              disabled={technician.id === current}
              onClick={() => onChoose(technician.id)}
              data-testid="assign-technician"
              data-id={technician.id}
              data-suggested={technician.suggested}
            >
              <Stack gap="0" align="start">
                <Text fontWeight="semibold">{technician.name}</Text>
                {technician.suggested && (
                  <Text fontSize="sm">
                    {reason ? `${t('assign.suggested')} · ${t(reason)}` : t('assign.suggested')}
                  </Text>
                )}
              </Stack>
            </Button>
          );
        })}
      </Stack>
    </ModalDialog>
  );
}

// ---- one walk-in ----------------------------------------------------------------------------------------

function CardActions({
  actor,
  walkIn,
  queue,
}: {
  actor: WalkInActor;
  walkIn: QueueWalkIn;
  queue: QueueActor;
}) {
  const { t } = useTranslation(NS);
  const technicians = useSelector(queue, selectTechnicians, sameList);
  const fromTurnSystem = useSelector(queue, selectFromTurnSystem);
  const acting = useSelector(actor, selectIsActing);
  const pending = useSelector(actor, selectPending);
  const canStart = useSelector(actor, selectCanStart);
  const canUnassign = useSelector(actor, selectCanUnassign);
  const canLeave = useSelector(actor, selectCanLeave);
  const canNoShow = useSelector(actor, selectCanNoShow);
  const canFinish = useSelector(actor, selectCanFinish);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, selectError);
  const [assigning, setAssigning] = useState(false);
  const open = walkIn.stage === 'waiting' || walkIn.stage === 'assigned';
  const busy = (action: string) => acting && pending === action;
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        {open && (
          <Button
            size="sm"
            minH="11"
            colorPalette="brand"
            variant={walkIn.stage === 'waiting' ? 'solid' : 'outline'}
            disabled={acting}
            loading={busy('assign')}
            onClick={() => setAssigning(true)}
            data-testid="walk-in-assign"
          >
            {walkIn.stage === 'waiting' ? t('actions.assign') : t('actions.handOver')}
          </Button>
        )}
        {canStart && (
          <Button
            size="sm"
            minH="11"
            colorPalette="green"
            disabled={acting}
            loading={busy('start')}
            onClick={() => actor.send({ type: 'start' })}
            data-testid="walk-in-start"
          >
            {t('actions.start')}
          </Button>
        )}
        {canFinish && (
          <Button
            size="sm"
            minH="11"
            disabled={acting}
            loading={busy('finish')}
            onClick={() => actor.send({ type: 'finish' })}
            data-testid="walk-in-finish"
          >
            {t('actions.finish')}
          </Button>
        )}
        {canUnassign && (
          <Button
            size="sm"
            minH="11"
            variant="ghost"
            disabled={acting}
            loading={busy('unassign')}
            onClick={() => actor.send({ type: 'unassign' })}
            data-testid="walk-in-unassign"
          >
            {t('actions.unassign')}
          </Button>
        )}
        {canLeave && (
          <Button
            size="sm"
            minH="11"
            variant="ghost"
            disabled={acting}
            loading={busy('leave')}
            onClick={() => actor.send({ type: 'leave' })}
            data-testid="walk-in-leave"
          >
            {t('actions.leave')}
          </Button>
        )}
        {canNoShow && (
          <Button
            size="sm"
            minH="11"
            variant="ghost"
            disabled={acting}
            loading={busy('no_show')}
            onClick={() => actor.send({ type: 'noShow' })}
            data-testid="walk-in-no-show"
          >
            {t('actions.noShow')}
          </Button>
        )}
      </HStack>
      {failed && error && (
        <Alert.Root status="error" size="sm" data-testid="walk-in-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(walkInErrorKeys(error))}</Alert.Title>
          </Alert.Content>
          <HStack>
            <Button size="xs" onClick={() => actor.send({ type: 'retry' })}>
              {t('retry')}
            </Button>
            <Button size="xs" variant="ghost" onClick={() => actor.send({ type: 'dismiss' })}>
              {t('dismiss')}
            </Button>
          </HStack>
        </Alert.Root>
      )}
      {assigning && (
        <AssignDialog
          technicians={technicians}
          fromTurnSystem={fromTurnSystem}
          current={walkIn.technician_id}
          onClose={() => setAssigning(false)}
          onChoose={(technicianId) => {
            setAssigning(false);
            actor.send({ type: 'assign', technicianId });
          }}
        />
      )}
    </Stack>
  );
}

function WalkInCard({ walkIn, queue }: { walkIn: QueueWalkIn; queue: QueueActor }) {
  const { t } = useTranslation(NS);
  const time = useStoreTime();
  const navigate = useNavigate();
  const [logic] = useState(() =>
    walkInLogic({
      changed: () => queue.send({ type: 'reload' }),
      openSale: ({ turn, services }: OpenSaleParams) =>
        void navigate(SALE_PATH, { state: { walkInTurn: { turn, services } } }),
    }),
  );
  const actor = useActorRef(logic, {
    input: {
      id: walkIn.id,
      stage: walkIn.stage,
      technicianId: walkIn.technician_id,
      version: walkIn.version,
    },
  });
  const stage = walkIn.stage as keyof typeof STAGE_PALETTE;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      p="4"
      bg="bg"
      data-testid="walk-in-card"
      data-id={walkIn.id}
      data-stage={walkIn.stage}
    >
      <Stack gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0">
            <Text fontWeight="semibold" fontSize="lg">
              {walkIn.title ? `${walkIn.title} ${walkIn.customer_name}` : walkIn.customer_name}
            </Text>
            {walkIn.telephone && (
              <Text color="fg.muted" fontSize="sm">
                {walkIn.telephone}
              </Text>
            )}
          </Stack>
          <Stack gap="1" align="end">
            <Badge colorPalette={STAGE_PALETTE[stage] ?? 'gray'}>{t(`stage.${walkIn.stage}`)}</Badge>
            <Text fontSize="xs" color="fg.muted">
              {t('checkedInAt', { time: time(walkIn.checked_in_at) })}
            </Text>
          </Stack>
        </HStack>
        {walkIn.services.length > 0 && (
          <Text fontSize="sm">{walkIn.services.map((s) => s.name).join(', ')}</Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {walkIn.technician_name
            ? t('with', { name: walkIn.technician_name })
            : walkIn.requested_name
              ? t('asked', { name: walkIn.requested_name })
              : t('anyone')}
        </Text>
        {walkIn.notes && (
          <Text fontSize="sm" fontStyle="italic">
            {walkIn.notes}
          </Text>
        )}
        <CardActions actor={actor} walkIn={walkIn} queue={queue} />
      </Stack>
    </Box>
  );
}

// ---- register -------------------------------------------------------------------------------------------

const EMPTY_FORM = {
  customer_name: '',
  telephone: '',
  title: '',
  notes: '',
  user_id: '',
  services: '',
  effective_start: '',
  effective_end: '',
  register: '',
  first_name: '',
  last_name: '',
  email: '',
  birthday: '',
};

function FieldIssue({ actor, field }: { actor: RegisterActor; field: string }) {
  const { t } = useTranslation(NS);
  const issues = useSelector(actor, selectFieldErrors);
  if (!issues[field]?.length) return null;
  return <Field.ErrorText>{t(registerIssueKey(field))}</Field.ErrorText>;
}

function RegisterForm({ actor, view }: { actor: RegisterActor; view: QueueView | null }) {
  const { t } = useTranslation(NS);
  const values = useSelector(actor, selectValues);
  const issues = useSelector(actor, selectFieldErrors);
  const failure = useSelector(actor, selectFormFailure);
  const busy = useSelector(actor, selectFormBusy);
  const set = (name: string, value: string) => actor.send({ type: 'field.change', name, value });
  const chosen = (values.services ?? '').split(',').filter((s) => s !== '');
  const registering = values.register === '1';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit', idempotencyKey: globalThis.crypto.randomUUID() });
  };
  const text = (name: string, label: string, type = 'text', issue = name) => (
    <Field.Root invalid={Boolean(issues[issue]?.length)}>
      <Field.Label>{label}</Field.Label>
      <Input
        type={type}
        value={values[name] ?? ''}
        onChange={(e) => set(name, e.currentTarget.value)}
        data-testid={`register-${name}`}
      />
      <FieldIssue actor={actor} field={issue} />
    </Field.Root>
  );
  return (
    <Stack as="form" gap="4" onSubmit={submit}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text('customer_name', t('register.customer_name'))}
        {text('telephone', t('register.telephone'), 'tel')}
        {text('title', t('register.title'))}
        <Field.Root>
          <Field.Label>{t('register.user_id')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.user_id ?? ''}
              onChange={(e) => set('user_id', e.currentTarget.value)}
              data-testid="register-user_id"
            >
              <option value="">{t('anyone')}</option>
              {view?.technicians.map((technician) => (
                <option key={technician.id} value={technician.id}>
                  {technician.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {text('effective_start', t('register.effective_start'), 'datetime-local')}
        {text('effective_end', t('register.effective_end'), 'datetime-local')}
      </SimpleGrid>
      {view && view.services.length > 0 && (
        <Field.Root>
          <Field.Label>{t('register.services')}</Field.Label>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
            {view.services.map((service) => {
              const id = String(service.id);
              const on = chosen.includes(id);
              return (
                <Checkbox.Root
                  key={service.id}
                  checked={on}
                  onCheckedChange={() =>
                    set('services', (on ? chosen.filter((s) => s !== id) : [...chosen, id]).join(','))
                  }
                  data-testid="register-service"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{service.name}</Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </SimpleGrid>
          <FieldIssue actor={actor} field="booking_appt_service" />
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>{t('register.notes')}</Field.Label>
        <Textarea value={values.notes ?? ''} onChange={(e) => set('notes', e.currentTarget.value)} />
      </Field.Root>
      <Checkbox.Root
        checked={registering}
        onCheckedChange={(d) => set('register', d.checked === true ? '1' : '')}
        data-testid="register-new-customer"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('register.newCustomer')}</Checkbox.Label>
      </Checkbox.Root>
      {registering && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('first_name', t('register.first_name'), 'text', 'customer_info.first_name')}
          {text('last_name', t('register.last_name'), 'text', 'customer_info.last_name')}
          {text('email', t('register.email'), 'email', 'customer_info.email')}
          {text('birthday', t('register.birthday'), 'date', 'customer_info.birthday')}
        </SimpleGrid>
      )}
      {failure && (
        <Alert.Root status="error" data-testid="register-error">
          <Alert.Indicator />
          <Alert.Title>{t(walkInErrorKeys(failure))}</Alert.Title>
        </Alert.Root>
      )}
      <Button type="submit" colorPalette="brand" minH="12" loading={busy} data-testid="register-submit">
        {t('register.submit')}
      </Button>
    </Stack>
  );
}

function RegisterDialog({ queue, onClose }: { queue: QueueActor; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const view = useSelector(queue, (s) => s.context.view);
  const [logic] = useState(() =>
    registerLogic(() => {
      queue.send({ type: 'reload' });
      onClose();
    }),
  );
  const actor = useActorRef(logic, { input: { values: EMPTY_FORM } });
  return (
    <ModalDialog
      open
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      testId="register-dialog"
      title={t('register.dialogTitle')}
      closeButton={{ size: 'lg', 'aria-label': t('cancel') }}
      bodyProps={{ pb: '6' }}
    >
      <RegisterForm actor={actor} view={view} />
    </ModalDialog>
  );
}

// ---- the queue ------------------------------------------------------------------------------------------

function Groups({ queue }: { queue: QueueActor }) {
  const { t } = useTranslation(NS);
  const groups = useSelector(queue, selectGroups);
  const empty = useSelector(queue, selectIsEmpty);
  if (empty) {
    return (
      <Text color="fg.muted" textAlign="center" py="12" data-testid="walk-in-empty">
        {t('empty')}
      </Text>
    );
  }
  return (
    <Stack gap="6">
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <Stack as="section" key={group.key} gap="3" data-testid="walk-in-group" data-key={group.key}>
            <Heading as="h2" size="lg">
              {group.employee?.name ?? t('anyoneGroup')}{' '}
              <Text as="span" color="fg.muted" fontSize="md">
                ({group.items.length})
              </Text>
            </Heading>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="3">
              {group.items.map((walkIn) => (
                <WalkInCard key={`${walkIn.id}:${walkIn.version}`} walkIn={walkIn} queue={queue} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
    </Stack>
  );
}

function LoadProblem({ queue, offline }: { queue: QueueActor; offline: boolean }) {
  const { t } = useTranslation(NS);
  const failure = useSelector(queue, selectFailure);
  return (
    <Alert.Root
      status={offline ? 'warning' : 'error'}
      data-testid={offline ? 'walk-in-offline' : 'walk-in-failed'}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(offline ? 'offline' : 'failed')}</Alert.Title>
        {!offline && failure && <Alert.Description>{t(walkInErrorKeys(failure))}</Alert.Description>}
      </Alert.Content>
      <Button minH="11" onClick={() => queue.send({ type: 'retry' })}>
        {t('retry')}
      </Button>
    </Alert.Root>
  );
}

export function WalkInScreen() {
  const { t } = useTranslation(NS);
  const [logic] = useState(() => queueLogic());
  const queue = useActorRef(logic);
  const status = useSelector(queue, selectQueueStatus);
  const failure = useSelector(queue, selectFailure);
  const [registering, setRegistering] = useState(false);

  // The browser's "online" is what the chart's offline state waits for.
  useEffect(() => {
    const online = () => queue.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [queue]);

  const shown = status === 'shown' || status === 'reloading';
  return (
    <Stack
      gap="6"
      p={{ base: '4', md: '6' }}
      maxW="7xl"
      mx="auto"
      w="full"
      data-testid="walk-in-queue"
      data-status={status}
    >
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('intro')}</Text>
        </Stack>
        <HStack gap="3">
          {status === 'reloading' && <Spinner color="brand.solid" aria-label={t('loading')} />}
          <Button
            colorPalette="brand"
            minH="11"
            onClick={() => setRegistering(true)}
            data-testid="walk-in-register"
          >
            {t('register.open')}
          </Button>
        </HStack>
      </HStack>
      {status === 'loading' ? (
        <HStack justify="center" py="12" role="status" data-testid="walk-in-loading">
          <Spinner color="brand.solid" size="lg" />
          <Text>{t('loading')}</Text>
        </HStack>
      ) : status === 'failed' ? (
        <LoadProblem queue={queue} offline={false} />
      ) : (
        <>
          {status === 'offline' && <LoadProblem queue={queue} offline />}
          {shown && failure && (
            <Alert.Root status="warning" data-testid="walk-in-reload-failed">
              <Alert.Indicator />
              <Alert.Title>{t('reloadFailed')}</Alert.Title>
            </Alert.Root>
          )}
          <Groups queue={queue} />
        </>
      )}
      {registering && <RegisterDialog queue={queue} onClose={() => setRegistering(false)} />}
    </Stack>
  );
}
