/**
 * The booking editor's form parts: a field's error under it, the customer fields and the service lines
 * (docs/appointments.md#a-booking). They render the chart's snapshot and send its events; nothing here decides.
 */
import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { BookingEditorMachine } from '../../../../machines/booking-editor/booking-editor.machine';
import { lineErrorKey } from '../../../../machines/booking-editor/booking-editor.rules';
import {
  selectDraft,
  selectEditable,
  selectFieldErrors,
} from '../../../../machines/booking-editor/booking-editor.selectors';
import type {
  DraftField,
  DraftLine,
  EditorService,
  LineField,
} from '../../../../machines/booking-editor/booking-editor.types';
import { MAX_BOOKING_LINES } from '../../../contracts/bookings';
import type { BookableEmployee } from '../../../contracts/bookings';
import { issueKeys, NS } from './booking-editor-text';

export type EditorActor = ActorRefFrom<BookingEditorMachine>;

export function FieldError({ actor, field }: { actor: EditorActor; field: string }) {
  const { t } = useTranslation(NS);
  const issue = useSelector(actor, (s) => selectFieldErrors(s)[field]?.[0]);
  if (!issue) return null;
  return (
    <Field.ErrorText data-testid="booking-editor-error" data-field={field}>
      {t(issueKeys(field, issue), { ...issue.params })}
    </Field.ErrorText>
  );
}

function useInvalid(actor: EditorActor, field: string): boolean {
  return useSelector(actor, (s) => Boolean(selectFieldErrors(s)[field]?.length));
}

function CustomerText({
  actor,
  name,
  type = 'text',
  required = false,
}: {
  actor: EditorActor;
  name: Exclude<DraftField, 'notes'>;
  type?: string;
  required?: boolean;
}) {
  const { t } = useTranslation(NS);
  const value = useSelector(actor, (s) => selectDraft(s).fields[name]);
  const editable = useSelector(actor, selectEditable);
  const invalid = useInvalid(actor, name);
  return (
    <Field.Root invalid={invalid} required={required} disabled={!editable}>
      <Field.Label>
        {t(`labels.${name}`)}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        type={type}
        minH="11"
        value={value}
        autoComplete="off"
        onChange={(e) => actor.send({ type: 'field.change', name, value: e.currentTarget.value })}
        data-testid={`booking-editor-${name}`}
      />
      <FieldError actor={actor} field={name} />
    </Field.Root>
  );
}

export function CustomerFields({ actor }: { actor: EditorActor }) {
  const { t } = useTranslation(NS);
  const notes = useSelector(actor, (s) => selectDraft(s).fields.notes);
  const editable = useSelector(actor, selectEditable);
  const invalid = useInvalid(actor, 'notes');
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <CustomerText actor={actor} name="customer_name" required />
        <CustomerText actor={actor} name="telephone" type="tel" />
      </SimpleGrid>
      <Field.Root invalid={invalid} disabled={!editable}>
        <Field.Label>{t('labels.notes')}</Field.Label>
        <Textarea
          rows={2}
          value={notes}
          onChange={(e) => actor.send({ type: 'field.change', name: 'notes', value: e.currentTarget.value })}
          data-testid="booking-editor-notes"
        />
        <FieldError actor={actor} field="notes" />
      </Field.Root>
    </Stack>
  );
}

interface LineProps {
  actor: EditorActor;
  index: number;
  line: DraftLine;
  services: readonly EditorService[];
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[];
  editable: boolean;
  removable: boolean;
}

function LineNumber({
  actor,
  index,
  field,
  value,
  editable,
  min = 0,
}: {
  actor: EditorActor;
  index: number;
  field: LineField;
  value: string;
  editable: boolean;
  min?: number;
}) {
  const { t } = useTranslation(NS);
  const key = lineErrorKey(index, field);
  const invalid = useInvalid(actor, key);
  return (
    <Field.Root invalid={invalid} disabled={!editable}>
      <Field.Label>{t(`labels.${field}`)}</Field.Label>
      <Input
        type="number"
        inputMode="numeric"
        min={min}
        step={5}
        minH="11"
        value={value}
        onChange={(e) =>
          actor.send({ type: 'line.change', index, name: field, value: e.currentTarget.value })
        }
        data-testid={`booking-editor-${field}`}
      />
      <FieldError actor={actor} field={key} />
    </Field.Root>
  );
}

function Line({ actor, index, line, services, employees, editable, removable }: LineProps) {
  const { t } = useTranslation(NS);
  const set = (name: LineField, value: string) => actor.send({ type: 'line.change', index, name, value });
  const serviceKey = lineErrorKey(index, 'service_id');
  const startKey = lineErrorKey(index, 'start');
  const serviceInvalid = useInvalid(actor, serviceKey);
  const startInvalid = useInvalid(actor, startKey);
  return (
    <Box
      as="fieldset"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      data-testid="booking-editor-line"
      data-index={index}
    >
      <HStack justify="space-between" mb="2">
        <Text as="legend" fontWeight="semibold">
          {t('line.title', { number: index + 1 })}
        </Text>
        {removable && editable && (
          <Button
            size="sm"
            variant="ghost"
            minH="11"
            onClick={() => actor.send({ type: 'line.remove', index })}
            aria-label={t('line.remove', { number: index + 1 })}
            data-testid="booking-editor-remove-line"
          >
            {t('line.removeShort')}
          </Button>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root invalid={serviceInvalid} required disabled={!editable}>
          <Field.Label>
            {t('labels.service_id')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              minH="11"
              value={line.service_id}
              onChange={(e) => set('service_id', e.currentTarget.value)}
              data-testid="booking-editor-service_id"
            >
              <option value="">{t('line.chooseService')}</option>
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {t('line.serviceOption', { name: service.name, minutes: service.duration_minutes })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <FieldError actor={actor} field={serviceKey} />
        </Field.Root>
        <Field.Root disabled={!editable}>
          <Field.Label>{t('labels.user_id')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              minH="11"
              value={line.user_id}
              onChange={(e) => set('user_id', e.currentTarget.value)}
              data-testid="booking-editor-user_id"
            >
              <option value="">{t('line.unassigned')}</option>
              {employees.map((employee) => (
                <option key={employee.id} value={employee.id}>
                  {employee.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <FieldError actor={actor} field={lineErrorKey(index, 'user_id')} />
        </Field.Root>
        <Field.Root invalid={startInvalid} required disabled={!editable}>
          <Field.Label>
            {t('labels.start')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="datetime-local"
            step={300}
            minH="11"
            value={line.start}
            onChange={(e) => set('start', e.currentTarget.value)}
            data-testid="booking-editor-start"
          />
          <Field.HelperText>{t('line.storeClock')}</Field.HelperText>
          <FieldError actor={actor} field={startKey} />
        </Field.Root>
        <LineNumber
          actor={actor}
          index={index}
          field="duration"
          value={line.duration}
          editable={editable}
          min={5}
        />
        <LineNumber
          actor={actor}
          index={index}
          field="processing_offset"
          value={line.processing_offset}
          editable={editable}
        />
        <LineNumber
          actor={actor}
          index={index}
          field="processing"
          value={line.processing}
          editable={editable}
        />
        <LineNumber
          actor={actor}
          index={index}
          field="buffer_before"
          value={line.buffer_before}
          editable={editable}
        />
        <LineNumber
          actor={actor}
          index={index}
          field="buffer_after"
          value={line.buffer_after}
          editable={editable}
        />
      </SimpleGrid>
    </Box>
  );
}

export function ServiceLines({
  actor,
  services,
  employees,
}: {
  actor: EditorActor;
  services: readonly EditorService[];
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[];
}) {
  const { t } = useTranslation(NS);
  const lines = useSelector(actor, (s) => selectDraft(s).lines);
  const editable = useSelector(actor, selectEditable);
  return (
    <Stack gap="3">
      {lines.map((line, index) => (
        <Line
          // Lines have no id until saved; their place is their identity while the dialog is open.
          key={index}
          actor={actor}
          index={index}
          line={line}
          services={services}
          employees={employees}
          editable={editable}
          removable={lines.length > 1}
        />
      ))}
      <FieldError actor={actor} field="booking_appt_service" />
      {editable && lines.length < MAX_BOOKING_LINES && (
        <Button
          variant="outline"
          minH="11"
          alignSelf="flex-start"
          onClick={() => actor.send({ type: 'line.add' })}
          data-testid="booking-editor-add-line"
        >
          {t('line.add')}
        </Button>
      )}
    </Stack>
  );
}
