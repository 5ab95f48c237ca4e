/**
 * Acting on several rows, or on one row's delete: the bar that appears with a selection, the confirmation
 * every destructive step asks for, and what came of it, row by row (a bulk delete of ten rows where two are
 * in use deletes eight and says which two and why). The failed rows stay selected.
 */
import { Alert, Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  selectBulk,
  selectBulkStatus,
  selectItems,
  selectRemoval,
  selectRemovalStatus,
  selectSelected,
} from '../../../../machines/resource/resource.selectors';
import type { BulkAction } from '../../../contracts/resource';
import { ModalDialog } from '../../components/modal-dialog';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import type { ResourceConfig } from './resource-config';
import { ResourceActor } from './resource-actor';
import { errorText, rowProblemText } from './resource-text';

export function BulkBar({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation('admin');
  const actor = ResourceActor.useActorRef();
  const count = ResourceActor.useSelector((s) => selectSelected(s).length);
  const status = ResourceActor.useSelector(selectBulkStatus);
  if (count === 0) return null;
  const start = (action: BulkAction) =>
    actor.send({ type: 'bulk.start', action, idempotencyKey: newIdempotencyKey() });
  return (
    <HStack
      role="region"
      aria-label={t('bulk.region')}
      gap="2"
      wrap="wrap"
      p="3"
      rounded="md"
      bg="brand.subtle"
      data-testid="bulk-bar"
    >
      <Text fontWeight="semibold" me="auto" aria-live="polite">
        {t('bulk.selected', { count })}
      </Text>
      {config.bulkActions.map((action) => (
        <Button
          key={action}
          minH="11"
          variant={action === 'delete' ? 'solid' : 'outline'}
          colorPalette={action === 'delete' ? 'red' : 'brand'}
          disabled={status !== 'idle'}
          onClick={() => start(action)}
          data-testid={`bulk-${action}`}
        >
          {t(`bulk.actions.${action}`)}
        </Button>
      ))}
      <Button minH="11" variant="ghost" onClick={() => actor.send({ type: 'selection.clear' })}>
        {t('bulk.clear')}
      </Button>
    </HStack>
  );
}

/** The confirmation and the outcome of a bulk action, one dialog through its steps. */
export function BulkDialog({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation('admin');
  const actor = ResourceActor.useActorRef();
  const status = ResourceActor.useSelector(selectBulkStatus);
  const bulk = ResourceActor.useSelector(selectBulk);
  const items = ResourceActor.useSelector(selectItems);
  const labelOf = (id: number) => {
    const row = items.find((item) => item.id === id);
    return row ? config.rowLabel(row) : `#${id}`;
  };
  const action = bulk.action ?? 'delete';
  const failures = bulk.result?.results.filter((r) => !r.ok) ?? [];
  const dismiss = () => actor.send({ type: status === 'confirming' ? 'bulk.cancel' : 'bulk.dismiss' });
  return (
    <ModalDialog
      open={status !== 'idle'}
      role="alertdialog"
      onClose={() => status !== 'running' && dismiss()}
      testId="bulk-dialog"
      data={{ 'data-status': status }}
      title={t(`bulk.titles.${action}`)}
      footer={
        status === 'done' ? (
          <Button minH="11" colorPalette="brand" onClick={dismiss} data-testid="bulk-dismiss">
            {t('actions.close')}
          </Button>
        ) : (
          <>
            <Button minH="11" variant="outline" onClick={dismiss} disabled={status === 'running'}>
              {t('actions.cancel')}
            </Button>
            <Button
              minH="11"
              colorPalette={action === 'delete' ? 'red' : 'brand'}
              loading={status === 'running'}
              onClick={() => actor.send({ type: 'bulk.confirm' })}
              data-testid="bulk-confirm"
            >
              {status === 'failed' ? t('actions.retry') : t(`bulk.actions.${action}`)}
            </Button>
          </>
        )
      }
    >
      {(status === 'confirming' || status === 'running') && (
        <Text>{t(`bulk.confirm.${action}`, { count: bulk.ids.length })}</Text>
      )}
      {status === 'done' && bulk.result && (
        <Stack gap="2" data-testid="bulk-result">
          <Text>{t('bulk.done', { succeeded: bulk.result.succeeded, failed: bulk.result.failed })}</Text>
          {failures.length > 0 && (
            <List.Root ps="5">
              {failures.map((row) => (
                <List.Item key={row.id}>
                  {labelOf(row.id)}: {rowProblemText(t, row.code, row.message)}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Stack>
      )}
      {status === 'failed' && bulk.error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorText(t, bulk.error)}</Alert.Title>
        </Alert.Root>
      )}
    </ModalDialog>
  );
}

/** One row's delete: confirm, then gone, or why not (what still uses it). */
export function RemoveDialog({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  const status = ResourceActor.useSelector(selectRemovalStatus);
  const removal = ResourceActor.useSelector(selectRemoval);
  const row = ResourceActor.useSelector((s) => selectItems(s).find((item) => item.id === removal.id));
  const name = row ? config.rowLabel(row) : '';
  const dismiss = () => actor.send({ type: status === 'confirming' ? 'remove.cancel' : 'remove.dismiss' });
  return (
    <ModalDialog
      open={status !== 'idle'}
      role="alertdialog"
      onClose={() => status !== 'removing' && dismiss()}
      testId="remove-dialog"
      data={{ 'data-status': status }}
      title={t('remove.title', { what: t('one', { ns: config.namespace }) })}
      footer={
        <>
          <Button minH="11" variant="outline" onClick={dismiss} disabled={status === 'removing'}>
            {status === 'failed' ? t('actions.close') : t('actions.cancel')}
          </Button>
          {!(status === 'failed' && removal.error?.kind === 'conflict') && (
            <Button
              minH="11"
              colorPalette="red"
              loading={status === 'removing'}
              onClick={() => actor.send({ type: 'remove.confirm' })}
              data-testid="remove-confirm"
            >
              {status === 'failed' ? t('actions.retry') : t('actions.delete')}
            </Button>
          )}
        </>
      }
    >
      <Box>
        {status === 'failed' && removal.error ? (
          <Alert.Root status="error" data-testid="remove-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(t, removal.error)}</Alert.Title>
          </Alert.Root>
        ) : (
          <Text>{t('remove.confirm', { name })}</Text>
        )}
      </Box>
    </ModalDialog>
  );
}
