/**
 * Tab 2, "Push notifications" (docs/platform.md#push): badges for browser support, permission granted and
 * subscription; the buttons request permission, subscribe, unsubscribe and test notification (disabled unless
 * permission is granted; it opens a dialog asking for a title and a body); the subscription's endpoint and
 * the first 20 characters of each key. Everything is the push chart's (machines/push); its errors are the
 * spec's texts.
 */
import { Alert, Button, CloseButton, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanRequestPermission,
  selectCanSendTest,
  selectCanSubscribe,
  selectCanUnsubscribe,
  selectIsBusy,
  selectIsPushSupported,
  selectIsSubscribed,
  selectPermission,
  selectPushError,
  selectSubscriptionDetails,
} from '../../../../machines/push/push.selectors';
import { ModalDialog } from '../../components/modal-dialog';
import { errorText } from './messages';
import type { PwaActors } from './pwa-context';
import { Badges, Fact, Section, StateBadge } from './settings-ui';

type PushRef = PwaActors['push'];

function Mono({ children }: { children: string }) {
  return (
    <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
      {children}
    </Text>
  );
}

/** "opens a dialog asking for title and body" (docs/platform.md#push); Send is the chart's push.test. */
function TestNotificationDialog({ push, onClose }: { push: PushRef; onClose: () => void }) {
  const { t } = useTranslation('common');
  const [title, setTitle] = useState(() => t('pwa.push.test.defaultTitle'));
  const [body, setBody] = useState(() => t('pwa.push.test.defaultBody'));
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    push.send({ type: 'push.test', title, body });
    onClose();
  };
  return (
    <ModalDialog
      onClose={onClose}
      size="md"
      testId="push-test-dialog"
      contentProps={{ as: 'form', onSubmit: send }}
      closeButton={{ 'aria-label': t('pwa.update.buttons.close') }}
      title={t('pwa.push.test.title')}
      footer={
        <>
          <Button variant="outline" minH="11" onClick={onClose}>
            {t('pwa.settings.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" minH="11" disabled={!title.trim()}>
            {t('pwa.push.test.send')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root required invalid={!title.trim()}>
          <Field.Label>{t('pwa.push.test.titleLabel')}</Field.Label>
          <Input size="lg" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} />
          {!title.trim() && <Field.ErrorText>{t('pwa.validation.required')}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('pwa.push.test.bodyLabel')}</Field.Label>
          <Textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={500} rows={3} />
        </Field.Root>
      </Stack>
    </ModalDialog>
  );
}

export function PushSettings({ actors }: { actors: PwaActors }) {
  const { t } = useTranslation('common');
  const push = actors.push;
  const supported = useSelector(push, selectIsPushSupported);
  const permission = useSelector(push, selectPermission);
  const subscribed = useSelector(push, selectIsSubscribed);
  const details = useSelector(push, selectSubscriptionDetails);
  const canRequest = useSelector(push, selectCanRequestPermission);
  const canSubscribe = useSelector(push, selectCanSubscribe);
  const canUnsubscribe = useSelector(push, selectCanUnsubscribe);
  const canTest = useSelector(push, selectCanSendTest);
  const busy = useSelector(push, selectIsBusy);
  const error = useSelector(push, selectPushError);
  const [testing, setTesting] = useState(false);
  return (
    <Stack gap="4">
      <Section title={t('pwa.push.status')} testId="push-status">
        <Badges>
          <StateBadge on={supported} testId="push-supported">
            {supported ? t('pwa.push.supported') : t('pwa.push.unsupported')}
          </StateBadge>
          <StateBadge on={permission === 'granted'} testId="push-permission">
            {t(`pwa.push.permission.${permission}`)}
          </StateBadge>
          <StateBadge on={subscribed} testId="push-subscription">
            {subscribed ? t('pwa.push.subscribed') : t('pwa.push.notSubscribed')}
          </StateBadge>
        </Badges>
        <HStack gap="2" flexWrap="wrap">
          <Button
            variant="outline"
            minH="11"
            disabled={!canRequest || busy}
            onClick={() => push.send({ type: 'permission.request' })}
          >
            {t('pwa.push.requestPermission')}
          </Button>
          <Button
            colorPalette="brand"
            minH="11"
            disabled={!canSubscribe || busy}
            loading={busy && !subscribed}
            onClick={() => push.send({ type: 'push.subscribe' })}
          >
            {t('pwa.push.subscribe')}
          </Button>
          <Button
            variant="outline"
            minH="11"
            disabled={!canUnsubscribe || busy}
            onClick={() => push.send({ type: 'push.unsubscribe' })}
          >
            {t('pwa.push.unsubscribe')}
          </Button>
          <Button variant="outline" minH="11" disabled={!canTest} onClick={() => setTesting(true)}>
            {t('pwa.push.testNotification')}
          </Button>
        </HStack>
        {error && (
          <Alert.Root status="error" role="status" data-testid="push-error">
            <Alert.Indicator />
            <Alert.Title flex="1">{errorText(t, error)}</Alert.Title>
            <CloseButton
              size="sm"
              aria-label={t('pwa.update.buttons.close')}
              onClick={() => push.send({ type: 'error.dismiss' })}
            />
          </Alert.Root>
        )}
      </Section>
      <Section title={t('pwa.push.details')} testId="push-details">
        {details ? (
          <Stack gap="2">
            <Fact
              label={t('pwa.push.endpoint')}
              value={<Mono>{details.endpoint}</Mono>}
              testId="push-endpoint"
            />
            <Fact label={t('pwa.push.p256dh')} value={<Mono>{details.p256dh}</Mono>} testId="push-p256dh" />
            <Fact label={t('pwa.push.auth')} value={<Mono>{details.auth}</Mono>} testId="push-auth" />
          </Stack>
        ) : (
          <Text color="fg.muted">{t('pwa.push.noSubscription')}</Text>
        )}
      </Section>
      {testing && <TestNotificationDialog push={push} onClose={() => setTesting(false)} />}
    </Stack>
  );
}
