/**
 * The customer's review page (/pos/walk-in/review/:storeId; docs/walk-in-screens.md#reviews): stars, a comment,
 * the technician, and the customer's phone to find them by, on the store's public tablet, in large touch
 * targets and the five languages. It renders the review chart (machines/walk-in-review); the real calls come
 * from the app (app/areas/kiosk-area.tsx) as the chart's logic.
 *
 * Its words are the kiosk namespace's `review` part: the same public tablet says both.
 *
 * Test ids: `review` (data-status), `review-star` (data-stars), `review-technician` (data-id), `review-comment`,
 * `review-phone`, `review-submit`, `review-done`, `review-error`.
 */
import {
  Alert,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { WalkInReviewMachine } from '../../../../machines/walk-in-review/walk-in-review.machine';
import {
  selectCanSubmit,
  selectComment,
  selectError,
  selectPhone,
  selectRating,
  selectReviewStatus,
  selectTechnicianId,
  selectTechnicians,
} from '../../../../machines/walk-in-review/walk-in-review.selectors';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import type { ErrorCode } from '../../../contracts/error-codes';
import { KioskPairing, needsPairing } from '../../components/kiosk-pairing';
import { LanguageSwitch } from '../../components/language-switch';
import { ERROR_MESSAGE_KEY } from '../../lib/api/error-messages';

const NS = 'kiosk';
const STARS = [1, 2, 3, 4, 5] as const;

type ReviewActor = ActorRefFrom<WalkInReviewMachine>;

/** A failure in the reader's words, by code (docs/errors.md): an unknown phone is the one the page says itself. */
export function reviewErrorKeys(error: ResourceError): string[] {
  const own = error.kind === 'notFound' ? [`${NS}:review.unknownPhone`] : [];
  const common =
    error.code && Object.hasOwn(ERROR_MESSAGE_KEY, error.code)
      ? [`common:${ERROR_MESSAGE_KEY[error.code as ErrorCode]}`]
      : [];
  const byKind = error.kind === 'offline' ? [`${NS}:errors.offline`] : [];
  return [...own, ...common, ...byKind, `${NS}:errors.generic`];
}

function ErrorText({ actor }: { actor: ReviewActor }) {
  const { t } = useTranslation([NS, 'common']);
  const error = useSelector(actor, selectError);
  if (!error) return null;
  return (
    <Alert.Root status="error" data-testid="review-error">
      <Alert.Indicator />
      <Alert.Title fontSize="lg">{t(reviewErrorKeys(error))}</Alert.Title>
    </Alert.Root>
  );
}

function ReviewForm({ actor }: { actor: ReviewActor }) {
  const { t } = useTranslation(NS);
  const status = useSelector(actor, selectReviewStatus);
  const rating = useSelector(actor, selectRating);
  const comment = useSelector(actor, selectComment);
  const phone = useSelector(actor, selectPhone);
  const technicians = useSelector(actor, selectTechnicians);
  const technicianId = useSelector(actor, selectTechnicianId);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const sending = status === 'submitting';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };
  return (
    <Stack as="form" gap="8" onSubmit={submit}>
      <Stack gap="3">
        <Heading as="h2" size="2xl" id="review-stars">
          {t('review.stars')}
        </Heading>
        <HStack gap="3" role="radiogroup" aria-labelledby="review-stars" wrap="wrap">
          {STARS.map((stars) => (
            <Button
              key={stars}
              role="radio"
              aria-checked={rating === stars}
              aria-label={t('review.starsLabel', { count: stars })}
              minW="20"
              h="20"
              fontSize="4xl"
              variant={rating !== null && stars <= rating ? 'solid' : 'outline'}
              colorPalette="brand"
              onClick={() => actor.send({ type: 'rating.set', rating: stars })}
              data-testid="review-star"
              data-stars={stars}
            >
              ★
            </Button>
          ))}
        </HStack>
      </Stack>
      {technicians.length > 0 && (
        <Stack gap="3">
          <Heading as="h2" size="2xl">
            {t('review.technician')}
          </Heading>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            {technicians.map((technician) => (
              <Button
                key={technician.id}
                minH="16"
                fontSize="xl"
                whiteSpace="normal"
                variant={technicianId === technician.id ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={technicianId === technician.id}
                onClick={() =>
                  actor.send({
                    type: 'technician.choose',
                    id: technicianId === technician.id ? null : technician.id,
                  })
                }
                data-testid="review-technician"
                data-id={technician.id}
              >
                {technician.name}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Field.Root>
        <Field.Label fontSize="xl">{t('review.comment')}</Field.Label>
        <Textarea
          fontSize="xl"
          rows={4}
          maxLength={2000}
          value={comment}
          onChange={(e) => actor.send({ type: 'comment.change', comment: e.currentTarget.value })}
          data-testid="review-comment"
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label fontSize="xl">
          {t('review.phone')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          size="2xl"
          h="16"
          fontSize="2xl"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => actor.send({ type: 'phone.change', phone: e.currentTarget.value })}
          data-testid="review-phone"
        />
        <Field.HelperText fontSize="md">{t('review.phoneHint')}</Field.HelperText>
      </Field.Root>
      <ErrorText actor={actor} />
      <Button
        type="submit"
        size="2xl"
        h="20"
        fontSize="2xl"
        colorPalette="brand"
        disabled={!canSubmit && !sending}
        loading={sending}
        loadingText={t('review.sending')}
        data-testid="review-submit"
      >
        {t('review.submit')}
      </Button>
    </Stack>
  );
}

function Body({ actor, onPair }: { actor: ReviewActor; onPair: (token: string) => void }) {
  const { t } = useTranslation(NS);
  const status = useSelector(actor, selectReviewStatus);
  const error = useSelector(actor, selectError);
  if (status === 'unavailable' && needsPairing(error)) {
    return (
      <Stack align="center" py="6">
        <KioskPairing
          onPair={(token) => {
            onPair(token);
            actor.send({ type: 'retry' });
          }}
        />
      </Stack>
    );
  }
  switch (status) {
    case 'loading':
      return (
        <HStack justify="center" py="16" role="status" gap="4">
          <Spinner size="xl" color="brand.solid" />
          <Text fontSize="2xl">{t('loading')}</Text>
        </HStack>
      );
    case 'unavailable':
    case 'offline':
    case 'failed':
      return (
        <Stack gap="6" align="center" textAlign="center" py="10" data-testid={`review-${status}`}>
          <Heading as="h2" size="3xl">
            {t(`${status}.title`)}
          </Heading>
          <ErrorText actor={actor} />
          <HStack gap="4">
            <Button
              minH="16"
              fontSize="xl"
              px="12"
              colorPalette="brand"
              onClick={() => actor.send({ type: 'retry' })}
            >
              {t('retry')}
            </Button>
            {status === 'failed' && (
              <Button minH="16" fontSize="xl" variant="outline" onClick={() => actor.send({ type: 'back' })}>
                {t('back')}
              </Button>
            )}
          </HStack>
        </Stack>
      );
    case 'done':
      return (
        <Stack gap="6" align="center" textAlign="center" py="10" role="status" data-testid="review-done">
          <Heading as="h2" size="4xl">
            {t('review.thanks')}
          </Heading>
          <Button
            minH="16"
            fontSize="xl"
            px="12"
            variant="outline"
            onClick={() => actor.send({ type: 'again' })}
          >
            {t('done.close')}
          </Button>
        </Stack>
      );
    case 'rating':
    case 'submitting':
      return <ReviewForm actor={actor} />;
  }
}

export function WalkInReviewScreen({
  logic,
  onPair,
}: {
  logic: WalkInReviewMachine;
  /** Pairs this tablet with a kiosk token (the app stores it; the chart then tries again). */
  onPair: (token: string) => void;
}) {
  const { t } = useTranslation(NS);
  const actor = useActorRef(logic, { input: {} });
  const status = useSelector(actor, selectReviewStatus);

  // The browser's "online" is what the chart's unavailable and offline states wait for.
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);

  return (
    <Box minH="100dvh" bg="bg.subtle" data-testid="review" data-status={status}>
      <Stack maxW="4xl" mx="auto" p={{ base: '4', md: '8' }} gap="8">
        <HStack justify="space-between" wrap="wrap" gap="4">
          <Heading as="h1" size="3xl">
            {t('review.title')}
          </Heading>
          <LanguageSwitch size="lg" />
        </HStack>
        <Box bg="bg" borderRadius="l3" p={{ base: '5', md: '10' }} shadow="sm">
          <Body actor={actor} onPair={onPair} />
        </Box>
      </Stack>
    </Box>
  );
}
