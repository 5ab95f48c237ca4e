/**
 * A manager's correction or removal of one person's day (docs/front-desk.md "Working-time reports"), on the
 * correction chart (machines/working-day-correction): the shifts and breaks as the store's wall times and a
 * reason, each problem under its field in the manager's language (by its code), then the manager's PIN on the
 * shared pad, then the write. Keyboard and touch alike: every field is a native input, every action a button
 * of at least 44 px.
 */
import {
  Alert,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import type { workingDayCorrectionMachine } from '../../../../machines/working-day-correction/working-day-correction.machine';
import { problemsAt } from '../../../../machines/working-day-correction/working-day-correction.rules';
import {
  selectCanAddShift,
  selectCorrectionFailure,
  selectCorrectionResult,
  selectCorrectionStep,
  selectPinActor,
  selectProblems,
  selectReason,
  selectShifts,
} from '../../../../machines/working-day-correction/working-day-correction.selectors';
import type {
  CorrectionMode,
  CorrectionProblems,
} from '../../../../machines/working-day-correction/working-day-correction.types';
import type { WorkingDay } from '../../../contracts/working-times';
import { ModalDialog } from '../../components/modal-dialog';
import { PinPad } from '../../components/pin-pad/pin-pad';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { formatDate } from '../../lib/format';
import { failureText, hoursText, NS } from './working-time-text';

/** The chart with its PIN check and write provided (app/areas/working-time-area.tsx). */
export type CorrectionLogic = typeof workingDayCorrectionMachine;
type CorrectionActor = ActorRefFrom<CorrectionLogic>;

export interface CorrectionDialogProps {
  logic: CorrectionLogic;
  mode: CorrectionMode;
  day: WorkingDay;
  /** `changed`: the server took the change. */
  onClose: (changed: boolean) => void;
}

function Problems({
  problems,
  path,
  testId,
}: {
  problems: CorrectionProblems;
  path: string;
  testId?: string;
}) {
  const { t } = useTranslation(NS);
  const list = problemsAt(problems, path);
  if (list.length === 0) return null;
  return (
    <Text
      color="fg.error"
      fontSize="sm"
      role="alert"
      data-testid={testId ?? 'correction-problem'}
      data-path={path}
    >
      {list.map((code) => t(`problems.${code}`)).join(' ')}
    </Text>
  );
}

export function CorrectionDialog({ logic, mode, day, onClose }: CorrectionDialogProps) {
  const { t, i18n } = useTranslation(NS);
  const timeZone = useAuthSelector(selectStoreSettings)?.timezone ?? 'UTC';
  const actor = useActorRef(logic, { input: { mode, day, timeZone } });
  const step = useSelector(actor, selectCorrectionStep);
  const title = t(mode === 'correct' ? 'correction.titleCorrect' : 'correction.titleDelete', {
    name: day.name,
    day: formatDate(day.date_work, i18n.language, { timeZone: 'UTC' }),
  });
  const busy = step === 'submitting';
  return (
    <ModalDialog
      size={{ base: 'full', md: 'lg' }}
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      onClose={() => !busy && onClose(step === 'done')}
      testId="correction-dialog"
      data={{ 'data-step': step, 'data-mode': mode }}
      title={title}
      closeButton={busy ? undefined : { 'aria-label': t('correction.close') }}
    >
      {step === 'editing' && <EditForm actor={actor} mode={mode} onCancel={() => onClose(false)} />}
      {step === 'pin' && <PinStep actor={actor} />}
      {step === 'submitting' && (
        <HStack justify="center" py="8" data-testid="correction-saving">
          <Spinner color="brand.solid" size="lg" />
          <Text>{t('correction.saving')}</Text>
        </HStack>
      )}
      {step === 'failed' && <FailedStep actor={actor} />}
      {step === 'done' && <DoneStep actor={actor} mode={mode} onClose={() => onClose(true)} />}
    </ModalDialog>
  );
}

function EditForm({
  actor,
  mode,
  onCancel,
}: {
  actor: CorrectionActor;
  mode: CorrectionMode;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const shifts = useSelector(actor, selectShifts);
  const reason = useSelector(actor, selectReason);
  const problems = useSelector(actor, selectProblems);
  const failure = useSelector(actor, selectCorrectionFailure);
  const canAddShift = useSelector(actor, selectCanAddShift);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit', now: new Date().toISOString(), idempotencyKey: newIdempotencyKey() });
  };
  return (
    <Stack as="form" gap="4" onSubmit={submit} data-testid="correction-form">
      {failure && (
        <Alert.Root status="error" data-testid="correction-refused">
          <Alert.Indicator />
          <Alert.Title>{failureText(t, failure)}</Alert.Title>
        </Alert.Root>
      )}
      <Problems problems={problems} path="date_work" />
      {mode === 'delete' ? (
        <Text data-testid="correction-delete-warning">{t('correction.deleteWarning')}</Text>
      ) : (
        <Stack gap="4">
          {shifts.length === 0 && <Text color="fg.muted">{t('correction.noShifts')}</Text>}
          {shifts.map((shift, i) => (
            <Stack key={i} gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="correction-shift">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{t('day.shift', { n: i + 1 })}</Text>
                <Button
                  size="sm"
                  minH="11"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => actor.send({ type: 'shift.remove', shift: i })}
                >
                  {t('correction.removeShift')}
                </Button>
              </HStack>
              <HStack gap="3" wrap="wrap" align="flex-start">
                <Field.Root w="auto" invalid={problemsAt(problems, `shifts.${i}.check_in_at`).length > 0}>
                  <Field.Label>{t('correction.checkIn')}</Field.Label>
                  <Input
                    type="datetime-local"
                    minH="11"
                    value={shift.check_in_at}
                    onChange={(e) =>
                      actor.send({
                        type: 'shift.change',
                        shift: i,
                        field: 'check_in_at',
                        value: e.currentTarget.value,
                      })
                    }
                    data-testid={`correction-check-in-${i}`}
                  />
                  <Problems problems={problems} path={`shifts.${i}.check_in_at`} />
                </Field.Root>
                <Field.Root w="auto" invalid={problemsAt(problems, `shifts.${i}.check_out_at`).length > 0}>
                  <Field.Label>{t('correction.checkOut')}</Field.Label>
                  <Input
                    type="datetime-local"
                    minH="11"
                    value={shift.check_out_at}
                    onChange={(e) =>
                      actor.send({
                        type: 'shift.change',
                        shift: i,
                        field: 'check_out_at',
                        value: e.currentTarget.value,
                      })
                    }
                    data-testid={`correction-check-out-${i}`}
                  />
                  <Field.HelperText>{t('correction.checkOutHelp')}</Field.HelperText>
                  <Problems problems={problems} path={`shifts.${i}.check_out_at`} />
                </Field.Root>
              </HStack>
              {shift.breaks.map((b, j) => (
                <Stack key={j} gap="1" ps="4" borderStartWidth="3px" data-testid="correction-break">
                  <HStack gap="3" wrap="wrap" align="flex-end">
                    <Field.Root w="auto">
                      <Field.Label>{t('correction.breakStart')}</Field.Label>
                      <Input
                        type="datetime-local"
                        minH="11"
                        value={b.started_at}
                        onChange={(e) =>
                          actor.send({
                            type: 'break.change',
                            shift: i,
                            index: j,
                            field: 'started_at',
                            value: e.currentTarget.value,
                          })
                        }
                      />
                    </Field.Root>
                    <Field.Root w="auto">
                      <Field.Label>{t('correction.breakEnd')}</Field.Label>
                      <Input
                        type="datetime-local"
                        minH="11"
                        value={b.ended_at}
                        onChange={(e) =>
                          actor.send({
                            type: 'break.change',
                            shift: i,
                            index: j,
                            field: 'ended_at',
                            value: e.currentTarget.value,
                          })
                        }
                      />
                    </Field.Root>
                    <IconButton
                      minH="11"
                      minW="11"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('correction.removeBreak')}
                      onClick={() => actor.send({ type: 'break.remove', shift: i, index: j })}
                    >
                      ✕
                    </IconButton>
                  </HStack>
                  <Problems problems={problems} path={`shifts.${i}.breaks.${j}`} />
                </Stack>
              ))}
              <Button
                alignSelf="flex-start"
                size="sm"
                minH="11"
                variant="outline"
                onClick={() => actor.send({ type: 'break.add', shift: i })}
              >
                {t('correction.addBreak')}
              </Button>
            </Stack>
          ))}
          <Button
            alignSelf="flex-start"
            minH="11"
            variant="outline"
            disabled={!canAddShift}
            onClick={() => actor.send({ type: 'shift.add' })}
          >
            {t('correction.addShift')}
          </Button>
        </Stack>
      )}
      {/* Not `required`: the browser's own bubble would speak before the chart's problems, in its language. */}
      <Field.Root invalid={problemsAt(problems, 'reason').length > 0}>
        <Field.Label>{t('correction.reason')}</Field.Label>
        <Textarea
          value={reason}
          maxLength={600}
          onChange={(e) => actor.send({ type: 'reason.change', value: e.currentTarget.value })}
          data-testid="correction-reason"
        />
        <Field.HelperText>{t('correction.reasonHelp')}</Field.HelperText>
        <Problems problems={problems} path="reason" />
      </Field.Root>
      <HStack justify="flex-end" gap="3" wrap="wrap">
        <Button minH="11" variant="outline" onClick={onCancel}>
          {t('correction.cancel')}
        </Button>
        <Button
          type="submit"
          minH="11"
          colorPalette={mode === 'delete' ? 'red' : 'brand'}
          data-testid="correction-next"
        >
          {t('correction.next')}
        </Button>
      </HStack>
    </Stack>
  );
}

function PinStep({ actor }: { actor: CorrectionActor }) {
  const { t } = useTranslation(NS);
  const pin = useSelector(actor, selectPinActor);
  const failure = useSelector(actor, selectCorrectionFailure);
  return (
    <Stack gap="4" data-testid="correction-pin">
      {failure && (
        <Text color="fg.error" role="alert">
          {failureText(t, failure)}
        </Text>
      )}
      {pin && (
        <PinPad actor={pin} title={t('correction.pinTitle')} description={t('correction.pinDescription')} />
      )}
      <Button minH="11" variant="outline" onClick={() => actor.send({ type: 'pin.cancel' })}>
        {t('correction.back')}
      </Button>
    </Stack>
  );
}

function FailedStep({ actor }: { actor: CorrectionActor }) {
  const { t } = useTranslation(NS);
  const failure = useSelector(actor, selectCorrectionFailure);
  return (
    <Stack gap="4" data-testid="correction-failed">
      <Alert.Root status={failure?.kind === 'offline' ? 'warning' : 'error'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('correction.failed')}</Alert.Title>
          {failure && <Alert.Description>{failureText(t, failure)}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
      <HStack justify="flex-end" gap="3">
        <Button minH="11" variant="outline" onClick={() => actor.send({ type: 'edit' })}>
          {t('correction.edit')}
        </Button>
        <Button minH="11" colorPalette="brand" onClick={() => actor.send({ type: 'retry' })}>
          {t('correction.retry')}
        </Button>
      </HStack>
    </Stack>
  );
}

function DoneStep({
  actor,
  mode,
  onClose,
}: {
  actor: CorrectionActor;
  mode: CorrectionMode;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const result = useSelector(actor, selectCorrectionResult);
  return (
    <Stack gap="4" data-testid="correction-done">
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Title>
          {mode === 'delete' || !result
            ? t('correction.deleted')
            : t('correction.done', {
                hours: hoursText(result.worked_minutes),
                breaks: hoursText(result.break_minutes),
              })}
        </Alert.Title>
      </Alert.Root>
      <Button
        alignSelf="flex-end"
        minH="11"
        colorPalette="brand"
        onClick={onClose}
        data-testid="correction-close"
      >
        {t('correction.close')}
      </Button>
    </Stack>
  );
}
