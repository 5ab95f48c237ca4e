/**
 * The "Kiosks" section of /admin/settings (docs/settings.md#kiosk-tokens): the store's kiosk tokens, a form to
 * issue one (its secret shown once, with the kiosk's addresses to open on the tablet), and a revoke confirmed
 * first. The charts and their requests are in kiosk-tokens.ts; this renders their snapshots.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Field,
  Heading,
  HStack,
  Input,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectFailure,
  selectFieldErrors,
  selectIsBusy,
  selectValues,
} from '../../../../machines/form-submit/form-submit.selectors';
import {
  selectRecord,
  selectRecordFailure,
  selectRecordStatus,
} from '../../../../machines/record/record.selectors';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import type { IssuedKioskToken, KioskToken } from '../../../contracts/kiosk';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import { formatDateTime } from '../../lib/format';
import {
  issueTokenLogic,
  kioskAddresses,
  kioskTokenErrorKeys,
  kioskTokenListLogic,
  revokeTokenLogic,
  tokenState,
} from './kiosk-tokens';

const NS = 'admin-settings';

function useErrorText() {
  const { t } = useTranslation([NS, 'common']);
  return (error: ResourceError) => t(kioskTokenErrorKeys(error));
}

export function KioskTokensSection({ storeId }: { storeId: number }) {
  const { t, i18n } = useTranslation(NS);
  const errorText = useErrorText();
  const [listLogic] = useState(() => kioskTokenListLogic());
  const list = useActorRef(listLogic, { input: { id: storeId } });
  const status = useSelector(list, selectRecordStatus);
  const tokens = useSelector(list, selectRecord<KioskToken[]>);
  const failure = useSelector(list, selectRecordFailure);
  const [issued, setIssued] = useState<IssuedKioskToken | null>(null);
  // A new issue form after each issue (the one-shot chart ends in done).
  const [formKey, setFormKey] = useState(0);
  const reload = () => list.send({ type: 'reload' });
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : t('kiosks.never'));

  return (
    <Stack as="section" gap="4" aria-labelledby="kiosks-heading" data-testid="kiosk-tokens">
      <Heading as="h2" size="lg" id="kiosks-heading">
        {t('kiosks.title')}
      </Heading>
      <Text color="fg.muted">{t('kiosks.help')}</Text>

      {issued ? (
        <IssuedToken
          token={issued}
          storeId={storeId}
          onClose={() => {
            setIssued(null);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <IssueForm
          key={formKey}
          storeId={storeId}
          onIssued={(token) => {
            setIssued(token);
            reload();
          }}
        />
      )}

      {(status === 'loading' || status === 'reloading') && (
        <HStack gap="3" role="status">
          <Spinner size="sm" />
          <Text>{t('kiosks.loading')}</Text>
        </HStack>
      )}
      {(status === 'failed' || status === 'offline' || status === 'notFound') && failure && (
        <Alert.Root status="error" role="alert" data-testid="kiosk-tokens-error">
          <Alert.Indicator />
          <Alert.Title>{errorText(failure)}</Alert.Title>
          {status !== 'notFound' && (
            <Button size="sm" ms="auto" onClick={() => list.send({ type: 'retry' })}>
              {t('retry')}
            </Button>
          )}
        </Alert.Root>
      )}
      {status === 'shown' && failure && (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Title>{errorText(failure)}</Alert.Title>
        </Alert.Root>
      )}
      {tokens && tokens.length === 0 && <Text data-testid="kiosk-tokens-empty">{t('kiosks.empty')}</Text>}
      {tokens && tokens.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" ps="0" data-testid="kiosk-token-list">
          {tokens.map((token) => (
            <Box
              as="li"
              key={token.id}
              borderWidth="1px"
              borderRadius="md"
              p="3"
              data-testid={`kiosk-token-${token.id}`}
            >
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Stack gap="1">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold">{token.label}</Text>
                    <Code>…{token.hint}</Code>
                    <Badge colorPalette={tokenState(token) === 'revoked' ? 'red' : 'green'}>
                      {t(`kiosks.state.${tokenState(token)}`)}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {t('kiosks.created', {
                      when: when(token.created_at),
                      who: token.created_by?.name ?? t('kiosks.someone'),
                    })}
                    {' · '}
                    {t('kiosks.lastUsed', { when: when(token.last_used_at) })}
                    {token.revoked_at && (
                      <>
                        {' · '}
                        {t('kiosks.revokedAt', { when: when(token.revoked_at) })}
                      </>
                    )}
                  </Text>
                </Stack>
                {tokenState(token) === 'active' && <RevokeToken token={token} onRevoked={reload} />}
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function IssueForm({ storeId, onIssued }: { storeId: number; onIssued: (token: IssuedKioskToken) => void }) {
  const { t } = useTranslation(NS);
  const errorText = useErrorText();
  const latest = useRef(onIssued);
  latest.current = onIssued;
  const [logic] = useState(() => issueTokenLogic(storeId, (token) => latest.current(token)));
  const actor = useActorRef(logic, { input: { values: { label: '' } } });
  const values = useSelector(actor, selectValues);
  const issues = useSelector(actor, selectFieldErrors);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const labelIssue = issues.label?.[0];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'submit', idempotencyKey: newIdempotencyKey() });
      }}
      data-testid="kiosk-issue-form"
    >
      <Stack gap="3">
        <HStack gap="3" align="flex-end" wrap="wrap">
          <Field.Root invalid={Boolean(labelIssue)} required disabled={busy} maxW="sm">
            <Field.Label>
              {t('kiosks.label')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="label"
              size="lg"
              maxLength={60}
              placeholder={t('kiosks.labelPlaceholder')}
              value={values.label ?? ''}
              onChange={(event) =>
                actor.send({ type: 'field.change', name: 'label', value: event.currentTarget.value })
              }
              data-testid="kiosk-label"
            />
            {labelIssue && (
              <Field.ErrorText data-testid="kiosk-label-error">
                {t([`kiosks.labelErrors.${labelIssue.code}`, 'kiosks.labelErrors.too_small'])}
              </Field.ErrorText>
            )}
          </Field.Root>
          <Button type="submit" size="lg" colorPalette="brand" loading={busy} data-testid="kiosk-issue">
            {t('kiosks.issue')}
          </Button>
        </HStack>
        {failure && !failure.fieldErrors && (
          <Alert.Root status="error" role="alert" data-testid="kiosk-issue-error">
            <Alert.Indicator />
            <Alert.Title>{errorText(failure)}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </form>
  );
}

function IssuedToken({
  token,
  storeId,
  onClose,
}: {
  token: IssuedKioskToken;
  storeId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const addresses = kioskAddresses(storeId, window.location.origin);
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) return setCopied('failed');
    clipboard.writeText(token.token).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };

  return (
    <Alert.Root status="success" alignItems="flex-start" data-testid="kiosk-issued">
      <Alert.Indicator />
      <Stack gap="3" flex="1" minW="0">
        <Alert.Title>{t('kiosks.issued', { label: token.label })}</Alert.Title>
        <HStack gap="2" wrap="wrap">
          <Code fontSize="md" p="2" wordBreak="break-all" data-testid="kiosk-issued-token">
            {token.token}
          </Code>
          <Button size="md" variant="outline" onClick={copy} data-testid="kiosk-copy">
            {t(copied === 'yes' ? 'kiosks.copied' : 'kiosks.copy')}
          </Button>
        </HStack>
        {copied === 'failed' && <Text color="fg.error">{t('kiosks.copyFailed')}</Text>}
        <Text fontWeight="semibold">{t('kiosks.onceOnly')}</Text>
        <Stack gap="1">
          <Text>{t('kiosks.addresses')}</Text>
          <Code p="2" wordBreak="break-all" data-testid="kiosk-address-sign-in">
            {addresses.signIn}
          </Code>
          <Code p="2" wordBreak="break-all">
            {addresses.review}
          </Code>
        </Stack>
        <HStack>
          <Button size="md" colorPalette="brand" onClick={onClose} data-testid="kiosk-issued-done">
            {t('kiosks.done')}
          </Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}

function RevokeToken({ token, onRevoked }: { token: KioskToken; onRevoked: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation(NS);
  if (!confirming) {
    return (
      <Button
        size="md"
        variant="outline"
        colorPalette="red"
        onClick={() => setConfirming(true)}
        data-testid={`kiosk-revoke-${token.id}`}
      >
        {t('kiosks.revoke')}
      </Button>
    );
  }
  return <RevokeConfirm token={token} onRevoked={onRevoked} onCancel={() => setConfirming(false)} />;
}

function RevokeConfirm({
  token,
  onRevoked,
  onCancel,
}: {
  token: KioskToken;
  onRevoked: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const errorText = useErrorText();
  const latest = useRef(onRevoked);
  latest.current = onRevoked;
  const [logic] = useState(() => revokeTokenLogic(token.id, () => latest.current()));
  const actor = useActorRef(logic, { input: { values: {} } });
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);

  return (
    <Stack
      gap="2"
      role="group"
      aria-label={t('kiosks.revoke')}
      data-testid={`kiosk-revoke-confirm-${token.id}`}
    >
      <Text>{t('kiosks.revokeConfirm', { label: token.label })}</Text>
      {failure && <Text color="fg.error">{errorText(failure)}</Text>}
      <HStack gap="2">
        <Button
          size="md"
          colorPalette="red"
          loading={busy}
          onClick={() => actor.send({ type: 'submit', idempotencyKey: newIdempotencyKey() })}
          data-testid={`kiosk-revoke-yes-${token.id}`}
        >
          {t('kiosks.revokeYes')}
        </Button>
        <Button size="md" variant="outline" disabled={busy} onClick={onCancel}>
          {t('kiosks.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
