/**
 * One person's day (GET /details-in-date/{user_id}/{date_work}): each shift's check-in and check-out with its
 * breaks, and the day's worked and break time; the manager corrects it or deletes it from here
 * (correction-dialog.tsx). After a change the day and the report read again.
 */
import { Alert, Badge, Button, Heading, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectStoreSettings } from '../../../../machines/auth/auth.selectors';
import {
  selectRecord,
  selectRecordFailure,
  selectRecordStatus,
} from '../../../../machines/record/record.selectors';
import type { CorrectionMode } from '../../../../machines/working-day-correction/working-day-correction.types';
import type { WorkingDay } from '../../../contracts/working-times';
import { useAuthSelector } from '../../lib/actors/auth-actor';
import { useOnlineEvent } from '../../lib/online-events';
import { formatDate, formatTime } from '../../lib/format';
import { CorrectionDialog } from './correction-dialog';
import type { CorrectionLogic } from './correction-dialog';
import { dayLogic } from './working-time-logic';
import { failureText, hoursText, NS } from './working-time-text';

export interface DayPanelProps {
  userId: number;
  dateWork: string;
  correctionLogic: CorrectionLogic;
  onClose: () => void;
  /** The day was corrected or deleted: the report reads again. */
  onChanged: () => void;
}

/**
 * The panel opens below the tables: it takes the focus when it appears, so it scrolls into view and a keyboard or
 * a screen reader is there with it. A module-level function, so React calls it once on mount.
 */
function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

export function DayPanel({ userId, dateWork, correctionLogic, onClose, onChanged }: DayPanelProps) {
  const { t, i18n } = useTranslation(NS);
  const timeZone = useAuthSelector(selectStoreSettings)?.timezone ?? 'UTC';
  const logic = useMemo(() => dayLogic(dateWork), [dateWork]);
  const actor = useActorRef(logic, { input: { id: userId } });
  useOnlineEvent(actor);
  const status = useSelector(actor, selectRecordStatus);
  const day = useSelector(actor, selectRecord);
  const failure = useSelector(actor, selectRecordFailure);
  const [mode, setMode] = useState<CorrectionMode | null>(null);
  const time = (iso: string) => formatTime(iso, i18n.language, timeZone);
  const dayText = formatDate(dateWork, i18n.language, { timeZone: 'UTC' });

  const closeDialog = (changed: boolean) => {
    setMode(null);
    if (!changed) return;
    actor.send({ type: 'reload' });
    onChanged();
  };

  return (
    <Stack
      as="section"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      aria-label={t('day.label')}
      ref={focusOnMount}
      tabIndex={-1}
      data-testid="working-day"
      data-status={status}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg" data-testid="working-day-title">
          {day ? t('day.title', { name: day.name, day: dayText }) : dayText}
        </Heading>
        <Button minH="11" variant="ghost" onClick={onClose} data-testid="working-day-close">
          {t('day.close')}
        </Button>
      </HStack>
      {!day && status === 'loading' && (
        <HStack>
          <Spinner color="brand.solid" />
          <Text>{t('states.loading')}</Text>
        </HStack>
      )}
      {!day && status !== 'loading' && (
        <Alert.Root status={status === 'offline' ? 'warning' : 'error'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t(
                status === 'offline'
                  ? 'states.offline'
                  : status === 'notFound'
                    ? 'states.notFound'
                    : 'states.failed',
              )}
            </Alert.Title>
            {failure && status === 'failed' && (
              <Alert.Description>{failureText(t, failure)}</Alert.Description>
            )}
          </Alert.Content>
          {status !== 'notFound' && (
            <Button minH="11" onClick={() => actor.send({ type: 'retry' })}>
              {t('states.retry')}
            </Button>
          )}
        </Alert.Root>
      )}
      {day && (
        <>
          <HStack gap="3" wrap="wrap">
            <Badge size="lg" data-testid="working-day-worked">
              {t('day.worked', { hours: hoursText(day.worked_minutes) })}
            </Badge>
            <Badge size="lg" variant="outline" data-testid="working-day-breaks">
              {t('day.breaks', { hours: hoursText(day.break_minutes) })}
            </Badge>
          </HStack>
          {day.shifts.length === 0 ? (
            <Text color="fg.muted">{t('day.empty')}</Text>
          ) : (
            <DayTable day={day} time={time} />
          )}
          <HStack gap="3" wrap="wrap">
            <Button
              minH="11"
              colorPalette="brand"
              disabled={status !== 'shown'}
              onClick={() => setMode('correct')}
              data-testid="working-day-correct"
            >
              {t('day.correct')}
            </Button>
            <Button
              minH="11"
              variant="outline"
              colorPalette="red"
              disabled={status !== 'shown' || day.shifts.length === 0}
              onClick={() => setMode('delete')}
              data-testid="working-day-delete"
            >
              {t('day.delete')}
            </Button>
          </HStack>
          {mode && <CorrectionDialog logic={correctionLogic} mode={mode} day={day} onClose={closeDialog} />}
        </>
      )}
    </Stack>
  );
}

function DayTable({ day, time }: { day: WorkingDay; time: (iso: string) => string }) {
  const { t } = useTranslation(NS);
  return (
    <Table.Root size="sm" variant="outline">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('day.kind')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('day.start')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('day.end')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('day.minutes')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {day.shifts.flatMap((shift, i) => [
          <Table.Row key={`s${shift.id}`} fontWeight="semibold" data-testid="working-day-shift">
            <Table.Cell>{t('day.shift', { n: i + 1 })}</Table.Cell>
            <Table.Cell>{time(shift.check_in_at)}</Table.Cell>
            <Table.Cell>{shift.check_out_at ? time(shift.check_out_at) : t('shifts.open')}</Table.Cell>
            <Table.Cell>{hoursText(shift.worked_minutes)}</Table.Cell>
          </Table.Row>,
          ...shift.breaks.map((b, j) => (
            <Table.Row key={`s${shift.id}b${j}`} data-testid="working-day-break">
              <Table.Cell ps="6">{t('day.break')}</Table.Cell>
              <Table.Cell>{time(b.started_at)}</Table.Cell>
              <Table.Cell>{b.ended_at ? time(b.ended_at) : t('day.onBreak')}</Table.Cell>
              <Table.Cell />
            </Table.Row>
          )),
        ])}
      </Table.Body>
    </Table.Root>
  );
}
