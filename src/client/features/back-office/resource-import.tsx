/**
 * Import from a CSV (docs/decisions/013-back-office-client-libraries.md "Import"): choose a file, the browser reads it in chunks with a
 * progress bar (csv-preview.ts), the server checks every row without writing (dry run), the preview shows the
 * first rows and every problem by row number, and only a clean dry run may be committed, which writes all
 * rows or none. The file goes up twice (dry run, commit) rather than trusting a check the client made.
 */
import { Alert, Box, Button, Field, Input, List, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  selectCanCommitImport,
  selectImport,
  selectImportStatus,
} from '../../../../machines/resource/resource.selectors';
import { ModalDialog } from '../../components/modal-dialog';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import type { ResourceConfig } from './resource-config';
import { ResourceActor } from './resource-actor';
import { errorText, rowProblemText } from './resource-text';

function ProgressBar({ value, label }: { value: number | null; label: string }) {
  return (
    <Progress.Root
      value={value}
      max={100}
      colorPalette="brand"
      aria-label={label}
      data-testid="import-progress"
    >
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/** A step under way: what it does, over its progress bar (a percent, or none while it cannot tell). */
function Working({ label, value = null }: { label: string; value?: number | null }) {
  return (
    <Stack gap="2">
      <Text>{label}</Text>
      <ProgressBar value={value} label={label} />
    </Stack>
  );
}

function FilePicker({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation('admin');
  const actor = ResourceActor.useActorRef();
  return (
    <Field.Root>
      <Field.Label>{t('import.file')}</Field.Label>
      <Input
        type="file"
        accept=".csv,text/csv"
        size="lg"
        pt="2"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) actor.send({ type: 'import.choose', file, idempotencyKey: newIdempotencyKey() });
        }}
        data-testid="import-file"
      />
      {config.importColumns && (
        <Field.HelperText>
          {t('import.columns', { columns: config.importColumns.join(', ') })}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}

function Preview() {
  const { t } = useTranslation('admin');
  const state = ResourceActor.useSelector(selectImport);
  const parsed = state.parsed;
  const result = state.result;
  const problems = [...(parsed?.errors ?? []), ...(result?.errors ?? [])];
  return (
    <Stack gap="3" data-testid="import-preview">
      {result && (
        <Text data-testid="import-summary">
          {t('import.summary', {
            total: result.total_rows,
            valid: result.valid_rows,
            errors: result.error_rows,
          })}
        </Text>
      )}
      {problems.length > 0 && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {/* A wrong header leaves every row unread: "0 rows have problems" would say the opposite. */}
              {problems.some((problem) => problem.row === 0) && !result?.error_rows
                ? t('import.headerProblems')
                : t('import.problems', { count: result?.error_rows ?? problems.length })}
            </Alert.Title>
            <List.Root ps="5" maxH="40" overflow="auto" data-testid="import-errors">
              {problems.map((problem, index) => (
                <List.Item key={`${problem.row}-${problem.column ?? ''}-${index}`}>
                  {problem.row > 0 ? t('import.row', { row: problem.row }) : t('import.header')}
                  {problem.column ? ` (${problem.column})` : ''}:{' '}
                  {rowProblemText(t, problem.code, problem.message)}
                </List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      )}
      {parsed && parsed.sample.length > 0 && (
        <Box overflow="auto" maxH="60" borderWidth="1px" borderColor="border" rounded="md">
          <Table.Root size="sm" aria-label={t('import.sample')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('import.rowNumber')}</Table.ColumnHeader>
                {parsed.columns.map((column) => (
                  <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {parsed.sample.map((row, index) => (
                <Table.Row key={index}>
                  <Table.Cell>{index + 1}</Table.Cell>
                  {parsed.columns.map((column) => (
                    <Table.Cell key={column}>{row[column]}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

export function ImportDialog({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation('admin');
  const actor = ResourceActor.useActorRef();
  const status = ResourceActor.useSelector(selectImportStatus);
  const state = ResourceActor.useSelector(selectImport);
  const canCommit = ResourceActor.useSelector(selectCanCommitImport);
  const close = () => actor.send({ type: 'import.close' });
  const percent =
    state.progress && state.progress.total
      ? Math.round((state.progress.loaded / state.progress.total) * 100)
      : null;
  return (
    <ModalDialog
      open={status !== 'idle'}
      onClose={() => status !== 'committing' && close()}
      size={{ base: 'full', md: 'lg' }}
      testId="import-dialog"
      data={{ 'data-status': status }}
      closeButton={status !== 'committing' ? { size: 'sm', 'aria-label': t('actions.close') } : undefined}
      title={t('import.title', { what: t('title', { ns: config.namespace }) })}
      footer={
        <>
          <Button minH="11" variant="outline" onClick={close} disabled={status === 'committing'}>
            {status === 'done' ? t('actions.close') : t('actions.cancel')}
          </Button>
          {status === 'preview' && (
            <Button
              minH="11"
              colorPalette="brand"
              disabled={!canCommit}
              onClick={() => actor.send({ type: 'import.commit' })}
              data-testid="import-commit"
            >
              {t('import.commit', { count: state.result?.valid_rows ?? 0 })}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        {state.file && status !== 'choosing' && (
          <Text color="fg.muted">{t('import.chosen', { name: state.file.name })}</Text>
        )}
        {(status === 'choosing' || status === 'preview' || status === 'failed') && (
          <FilePicker config={config} />
        )}
        {status === 'parsing' && <Working label={t('import.parsing')} value={percent} />}
        {status === 'checking' && <Working label={t('import.checking')} />}
        {status === 'committing' && <Working label={t('import.committing')} />}
        {status === 'preview' && <Preview />}
        {status === 'done' && state.result && (
          <Alert.Root status="success" data-testid="import-done">
            <Alert.Indicator />
            <Alert.Title>{t('import.done', { count: state.result.imported })}</Alert.Title>
          </Alert.Root>
        )}
        {status === 'failed' && state.error && (
          <Alert.Root status="error" data-testid="import-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(t, state.error)}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </ModalDialog>
  );
}
