/**
 * A customer's form in the customer dialog: create one (started from what was searched) or edit the attached
 * one (filled from the server). The fields are the contract's (src/contracts/customers.ts createCustomerBody);
 * checks, saving and each field's error are the customer picker machine's. The inputs hold the keystrokes
 * until Save sends them all as customer.save.
 */
import { Alert, Button, Field, HStack, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFieldProblem,
  selectForm,
  selectIsNewCustomer,
  selectIsSaving,
  selectPickerError,
} from '../../../../machines/customer-picker/customer-picker.selectors';
import type {
  CustomerForm,
  CustomerFormField,
} from '../../../../machines/customer-picker/customer-picker.types';
import type { CustomerPickerActorRef } from './customer-picker-actor';
import { problemText } from './customer-text';

const FIELDS: Array<{
  name: CustomerFormField;
  props: Record<string, string>;
}> = [
  { name: 'first_name', props: { autoComplete: 'off' } },
  { name: 'last_name', props: { autoComplete: 'off' } },
  { name: 'phone', props: { type: 'tel', inputMode: 'tel', autoComplete: 'off' } },
  { name: 'email', props: { type: 'email', inputMode: 'email', autoComplete: 'off' } },
  { name: 'birthday', props: { type: 'date' } },
];

function read(form: FormData, name: CustomerFormField): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

function Problem({ picker, name }: { picker: CustomerPickerActorRef; name: CustomerFormField }) {
  const { t } = useTranslation('common');
  const problem = useSelector(picker, (snapshot) => selectFieldProblem(snapshot, name));
  return problem ? <Field.ErrorText>{problemText(t, problem)}</Field.ErrorText> : null;
}

export function CustomerFormView({ picker }: { picker: CustomerPickerActorRef }) {
  const { t } = useTranslation('common');
  const initial = useSelector(picker, selectForm);
  const isNew = useSelector(picker, selectIsNewCustomer);
  const saving = useSelector(picker, selectIsSaving);
  const error = useSelector(picker, selectPickerError);
  const invalidFields = new Set(Object.keys(error?.fields ?? {}));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form: CustomerForm = {
      first_name: read(data, 'first_name'),
      last_name: read(data, 'last_name'),
      phone: read(data, 'phone'),
      email: read(data, 'email'),
      birthday: read(data, 'birthday'),
      notes: read(data, 'notes'),
    };
    picker.send({ type: 'customer.save', form });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="customer-form">
      <Stack gap="4">
        {error && !error.fields && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{problemText(t, error)}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {FIELDS.map(({ name, props }) => (
            <Field.Root key={name} invalid={invalidFields.has(name)} required={name === 'first_name'}>
              <Field.Label fontSize="md">
                {t(`saleExtras.customer.fields.${name}`)}
                {name === 'first_name' && <Field.RequiredIndicator />}
              </Field.Label>
              <Input name={name} size="xl" defaultValue={initial[name]} disabled={saving} {...props} />
              <Problem picker={picker} name={name} />
            </Field.Root>
          ))}
        </SimpleGrid>
        <Field.Root invalid={invalidFields.has('notes')}>
          <Field.Label fontSize="md">{t('saleExtras.customer.fields.notes')}</Field.Label>
          <Textarea name="notes" size="xl" rows={3} defaultValue={initial.notes} disabled={saving} />
          <Problem picker={picker} name="notes" />
        </Field.Root>
        <HStack gap="3" justify="flex-end" wrap="wrap">
          <Button
            type="button"
            size="xl"
            variant="outline"
            disabled={saving}
            onClick={() => picker.send({ type: 'edit.cancel' })}
          >
            {t('saleExtras.cancel')}
          </Button>
          <Button
            type="submit"
            size="xl"
            colorPalette="brand"
            loading={saving}
            loadingText={t('saleExtras.customer.saving')}
          >
            {isNew ? t('saleExtras.customer.createAndAttach') : t('saleExtras.customer.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
