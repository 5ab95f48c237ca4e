/**
 * The customer kiosk (the four public addresses /pos/walk-in/sign-in/..., sign-up, quick-employees and
 * quick-services; docs/walk-in-screens.md#the-customer-kiosk): no login, large touch targets, the five languages.
 * It renders the kiosk chart (machines/kiosk-check-in) and sends it events; the steps an address shows are the
 * chart's plan (src/domain/kiosk.ts), its loading, unavailable, offline and failed states are the chart's.
 *
 * The real calls are given by the app (app/areas/kiosk-area.tsx) as the chart's logic: this feature wires no
 * I/O of its own.
 *
 * Test ids: `kiosk` (data-screen: the step shown), `kiosk-start`, `kiosk-phone`, `kiosk-phone-submit`,
 * `kiosk-technician` (data-id; "anyone" has data-id any), `kiosk-category`, `kiosk-service`, `kiosk-next`,
 * `kiosk-confirm`, `kiosk-done`, `kiosk-error`.
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
} from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { KioskCheckInMachine } from '../../../../machines/kiosk-check-in/kiosk-check-in.machine';
import {
  selectAsksServices,
  selectAsksTechnician,
  selectCatalog,
  selectCategoryId,
  selectCheckedIn,
  selectChosenServices,
  selectCustomer,
  selectError,
  selectKioskScreen,
  selectPhone,
  selectServiceIds,
  selectSignUp,
  selectTechnicianId,
  selectTechnicianName,
  toServicesShown,
} from '../../../../machines/kiosk-check-in/kiosk-check-in.selectors';
import type { KioskInput } from '../../../../machines/kiosk-check-in/kiosk-check-in.types';
import { isKioskPhone } from '../../../domain/kiosk';
import { KioskPairing, needsPairing } from '../../components/kiosk-pairing';
import { LanguageSwitch } from '../../components/language-switch';
import { formatMoney } from '../../lib/format';
import { kioskErrorKeys, NS } from './kiosk-text';

type KioskActor = ActorRefFrom<KioskCheckInMachine>;

/** A tap target a finger finds without looking: at least 64 px high, 20 px type. */
const BIG = { minH: '16', fontSize: 'xl', whiteSpace: 'normal' } as const;

function KioskError({ actor }: { actor: KioskActor }) {
  const { t } = useTranslation([NS, 'common']);
  const error = useSelector(actor, selectError);
  if (!error) return null;
  return (
    <Alert.Root status="error" data-testid="kiosk-error">
      <Alert.Indicator />
      <Alert.Title fontSize="lg">{t(kioskErrorKeys(error))}</Alert.Title>
    </Alert.Root>
  );
}

/** Back and "start over", the same on every step. */
function StepFooter({ actor, children }: { actor: KioskActor; children?: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <HStack justify="space-between" gap="4" wrap="wrap">
      <HStack gap="3">
        <Button
          {...BIG}
          variant="outline"
          onClick={() => actor.send({ type: 'back' })}
          data-testid="kiosk-back"
        >
          {t('back')}
        </Button>
        <Button
          {...BIG}
          variant="ghost"
          onClick={() => actor.send({ type: 'cancel' })}
          data-testid="kiosk-cancel"
        >
          {t('startOver')}
        </Button>
      </HStack>
      {children}
    </HStack>
  );
}

function Step({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h2" size="3xl">
          {title}
        </Heading>
        {hint && (
          <Text fontSize="lg" color="fg.muted">
            {hint}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

function Welcome({ actor }: { actor: KioskActor }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="8" align="center" textAlign="center" py="10">
      <Heading as="h2" size="4xl">
        {t('welcome.title')}
      </Heading>
      <Text fontSize="2xl" color="fg.muted">
        {t('welcome.hint')}
      </Text>
      <Button
        size="2xl"
        h="24"
        px="16"
        fontSize="3xl"
        colorPalette="brand"
        onClick={() => actor.send({ type: 'start' })}
        data-testid="kiosk-start"
      >
        {t('welcome.start')}
      </Button>
    </Stack>
  );
}

function PhoneStep({ actor, busy }: { actor: KioskActor; busy: boolean }) {
  const { t } = useTranslation(NS);
  const last = useSelector(actor, selectPhone);
  const [phone, setPhone] = useState(last);
  const valid = isKioskPhone(phone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) actor.send({ type: 'phone.submit', phone });
  };
  return (
    <Step title={t('phone.title')} hint={t('phone.hint')}>
      <Stack as="form" gap="6" onSubmit={submit}>
        <Field.Root invalid={phone !== '' && !valid}>
          <Field.Label fontSize="lg">{t('phone.label')}</Field.Label>
          <Input
            size="2xl"
            h="20"
            fontSize="3xl"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            data-testid="kiosk-phone"
          />
          <Field.ErrorText fontSize="md">{t('phone.invalid')}</Field.ErrorText>
        </Field.Root>
        <KioskError actor={actor} />
        <StepFooter actor={actor}>
          <Button
            {...BIG}
            type="submit"
            colorPalette="brand"
            px="12"
            disabled={!valid}
            loading={busy}
            loadingText={t('phone.looking')}
            data-testid="kiosk-phone-submit"
          >
            {t('next')}
          </Button>
        </StepFooter>
      </Stack>
    </Step>
  );
}

function KnownStep({ actor }: { actor: KioskActor }) {
  const { t } = useTranslation(NS);
  const customer = useSelector(actor, selectCustomer);
  return (
    <Step title={t('known.title', { name: customer?.first_name ?? '' })} hint={t('known.hint')}>
      <StepFooter actor={actor}>
        <Button
          {...BIG}
          colorPalette="brand"
          px="12"
          onClick={() => actor.send({ type: 'next' })}
          data-testid="kiosk-next"
        >
          {t('next')}
        </Button>
      </StepFooter>
    </Step>
  );
}

function SignUpStep({ actor, busy }: { actor: KioskActor; busy: boolean }) {
  const { t } = useTranslation(NS);
  const last = useSelector(actor, selectSignUp);
  const knownPhone = useSelector(actor, selectPhone);
  // An unknown phone led here: it is kept. The sign-up address asks it on the form.
  const [asksPhone] = useState(() => knownPhone === '');
  const [phone, setPhone] = useState(knownPhone);
  const [form, setForm] = useState(() => last ?? { first_name: '', last_name: '', email: '', birthday: '' });
  const field = (name: keyof typeof form, type = 'text', autoComplete?: string) => (
    <Field.Root required={name === 'first_name'}>
      <Field.Label fontSize="lg">
        {t(`signUp.${name}`)}
        {name === 'first_name' && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        size="2xl"
        h="16"
        fontSize="xl"
        type={type}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setForm((f) => ({ ...f, [name]: value }));
        }}
        data-testid={`kiosk-signup-${name}`}
      />
    </Field.Root>
  );
  const complete = form.first_name.trim() !== '' && isKioskPhone(phone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !busy) actor.send({ type: 'signUp.submit', form, ...(asksPhone ? { phone } : {}) });
  };
  return (
    <Step title={t('signUp.title')} hint={t('signUp.hint')}>
      <Stack as="form" gap="5" onSubmit={submit}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {asksPhone && (
            <Field.Root required invalid={phone !== '' && !isKioskPhone(phone)}>
              <Field.Label fontSize="lg">
                {t('phone.label')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="2xl"
                h="16"
                fontSize="xl"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
                data-testid="kiosk-signup-phone"
              />
              <Field.ErrorText fontSize="md">{t('phone.invalid')}</Field.ErrorText>
            </Field.Root>
          )}
          {field('first_name', 'text', 'given-name')}
          {field('last_name', 'text', 'family-name')}
          {field('email', 'email', 'email')}
          {field('birthday', 'date', 'bday')}
        </SimpleGrid>
        <KioskError actor={actor} />
        <StepFooter actor={actor}>
          <Button
            {...BIG}
            type="submit"
            colorPalette="brand"
            px="12"
            disabled={!complete}
            loading={busy}
            loadingText={t('signUp.saving')}
            data-testid="kiosk-signup-submit"
          >
            {t('next')}
          </Button>
        </StepFooter>
      </Stack>
    </Step>
  );
}

function Choice({
  label,
  detail,
  selected,
  onClick,
  testId,
  id,
}: {
  label: string;
  detail?: string;
  selected: boolean;
  onClick: () => void;
  testId: string;
  id: string | number;
}) {
  return (
    <Button
      {...BIG}
      h="auto"
      minH="24"
      py="4"
      w="full"
      variant={selected ? 'solid' : 'outline'}
      colorPalette="brand"
      aria-pressed={selected}
      onClick={onClick}
      data-testid={testId}
      data-id={id}
    >
      <Stack gap="1" align="center">
        <Text fontSize="2xl" fontWeight="semibold">
          {label}
        </Text>
        {detail && <Text fontSize="lg">{detail}</Text>}
      </Stack>
    </Button>
  );
}

function TechnicianStep({ actor }: { actor: KioskActor }) {
  const { t } = useTranslation(NS);
  const catalog = useSelector(actor, selectCatalog);
  const chosen = useSelector(actor, selectTechnicianId);
  return (
    <Step title={t('technician.title')} hint={t('technician.hint')}>
      <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap="4">
        <Choice
          id="any"
          label={t('technician.anyone')}
          selected={chosen === null}
          onClick={() => actor.send({ type: 'technician.choose', id: null })}
          testId="kiosk-technician"
        />
        {catalog?.technicians.map((technician) => (
          <Choice
            key={technician.id}
            id={technician.id}
            label={technician.name}
            selected={chosen === technician.id}
            onClick={() => actor.send({ type: 'technician.choose', id: technician.id })}
            testId="kiosk-technician"
          />
        ))}
      </SimpleGrid>
      <StepFooter actor={actor} />
    </Step>
  );
}

function CategoryStep({ actor }: { actor: KioskActor }) {
  const { t } = useTranslation(NS);
  const catalog = useSelector(actor, selectCatalog);
  const chosen = useSelector(actor, selectCategoryId);
  return (
    <Step title={t('category.title')}>
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
        <Choice
          id="all"
          label={t('category.all')}
          selected={chosen === null}
          onClick={() => actor.send({ type: 'category.choose', id: null })}
          testId="kiosk-category"
        />
        {catalog?.categories.map((category) => (
          <Choice
            key={category.id}
            id={category.id}
            label={category.name}
            selected={chosen === category.id}
            onClick={() => actor.send({ type: 'category.choose', id: category.id })}
            testId="kiosk-category"
          />
        ))}
      </SimpleGrid>
      <StepFooter actor={actor} />
    </Step>
  );
}

function ServicesStep({ actor }: { actor: KioskActor }) {
  const { t, i18n } = useTranslation(NS);
  const catalog = useSelector(actor, selectCatalog);
  const categoryId = useSelector(actor, selectCategoryId);
  const chosen = useSelector(actor, selectServiceIds);
  const shown = useMemo(() => toServicesShown(catalog, categoryId), [catalog, categoryId]);
  return (
    <Step title={t('services.title')} hint={t('services.hint')}>
      {shown.length === 0 ? (
        <Text fontSize="xl" color="fg.muted" data-testid="kiosk-services-empty">
          {t('services.empty')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {shown.map((service) => (
            <Choice
              key={service.id}
              id={service.id}
              label={service.name}
              detail={formatMoney(service.price, i18n.language)}
              selected={chosen.includes(service.id)}
              onClick={() => actor.send({ type: 'service.toggle', id: service.id })}
              testId="kiosk-service"
            />
          ))}
        </SimpleGrid>
      )}
      <StepFooter actor={actor}>
        <Button
          {...BIG}
          colorPalette="brand"
          px="12"
          disabled={chosen.length === 0}
          onClick={() => actor.send({ type: 'next' })}
          data-testid="kiosk-next"
        >
          {t('services.next', { count: chosen.length })}
        </Button>
      </StepFooter>
    </Step>
  );
}

function ConfirmStep({ actor, busy }: { actor: KioskActor; busy: boolean }) {
  const { t } = useTranslation(NS);
  const customer = useSelector(actor, selectCustomer);
  const phone = useSelector(actor, selectPhone);
  const technician = useSelector(actor, selectTechnicianName);
  const asksTechnician = useSelector(actor, selectAsksTechnician);
  const asksServices = useSelector(actor, selectAsksServices);
  const services = useSelector(actor, selectChosenServices);
  const name = customer?.first_name ?? '';
  return (
    <Step title={t('confirm.title', { name })}>
      <Stack gap="3" fontSize="xl" as="dl">
        {phone && <Row label={t('confirm.phone')} value={phone} />}
        {asksTechnician && (
          <Row label={t('confirm.technician')} value={technician ?? t('technician.anyone')} />
        )}
        {asksServices && <Row label={t('confirm.services')} value={services.map((s) => s.name).join(', ')} />}
      </Stack>
      <KioskError actor={actor} />
      <StepFooter actor={actor}>
        <Button
          {...BIG}
          colorPalette="brand"
          px="12"
          loading={busy}
          loadingText={t('confirm.sending')}
          onClick={() => actor.send({ type: 'confirm' })}
          data-testid="kiosk-confirm"
        >
          {t('confirm.checkIn')}
        </Button>
      </StepFooter>
    </Step>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <HStack gap="4" align="baseline">
      <Text as="dt" color="fg.muted" minW="40">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold">
        {value}
      </Text>
    </HStack>
  );
}

function Done({ actor }: { actor: KioskActor }) {
  const { t } = useTranslation(NS);
  const checkedIn = useSelector(actor, selectCheckedIn);
  return (
    <Stack gap="6" align="center" textAlign="center" py="10" role="status" data-testid="kiosk-done">
      <Heading as="h2" size="4xl">
        {t('done.title', { name: checkedIn?.name ?? '' })}
      </Heading>
      <Text fontSize="2xl">
        {checkedIn && checkedIn.ahead > 0 ? t('done.ahead', { count: checkedIn.ahead }) : t('done.next')}
      </Text>
      <Button {...BIG} px="12" variant="outline" onClick={() => actor.send({ type: 'cancel' })}>
        {t('done.close')}
      </Button>
    </Stack>
  );
}

function Problem({
  actor,
  screen,
  onPair,
}: {
  actor: KioskActor;
  screen: 'unavailable' | 'offline' | 'failed';
  onPair: (token: string) => void;
}) {
  const { t } = useTranslation(NS);
  const error = useSelector(actor, selectError);
  if (screen === 'unavailable' && needsPairing(error)) {
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
  return (
    <Stack gap="6" align="center" textAlign="center" py="10" data-testid={`kiosk-${screen}`}>
      <Heading as="h2" size="3xl">
        {t(`${screen}.title`)}
      </Heading>
      <Text fontSize="xl" color="fg.muted">
        {t(`${screen}.hint`)}
      </Text>
      <KioskError actor={actor} />
      <HStack gap="4">
        <Button {...BIG} px="12" colorPalette="brand" onClick={() => actor.send({ type: 'retry' })}>
          {t('retry')}
        </Button>
        {screen !== 'unavailable' && (
          <Button {...BIG} variant="outline" onClick={() => actor.send({ type: 'cancel' })}>
            {t('startOver')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

function KioskBody({ actor, onPair }: { actor: KioskActor; onPair: (token: string) => void }) {
  const { t } = useTranslation(NS);
  const screen = useSelector(actor, selectKioskScreen);
  switch (screen) {
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
      return <Problem actor={actor} screen={screen} onPair={onPair} />;
    case 'welcome':
      return <Welcome actor={actor} />;
    case 'phone':
    case 'lookingUp':
      return <PhoneStep actor={actor} busy={screen === 'lookingUp'} />;
    case 'known':
      return <KnownStep actor={actor} />;
    case 'signUp':
    case 'signingUp':
      return <SignUpStep actor={actor} busy={screen === 'signingUp'} />;
    case 'technician':
      return <TechnicianStep actor={actor} />;
    case 'category':
      return <CategoryStep actor={actor} />;
    case 'services':
      return <ServicesStep actor={actor} />;
    case 'confirm':
    case 'submitting':
      return <ConfirmStep actor={actor} busy={screen === 'submitting'} />;
    case 'done':
      return <Done actor={actor} />;
  }
}

export interface KioskScreenProps {
  /** The kiosk chart with the app's real calls (app/areas/kiosk-area.tsx). */
  logic: KioskCheckInMachine;
  input: KioskInput;
  /** Pairs this tablet with a kiosk token (the app stores it; the chart then tries again). */
  onPair: (token: string) => void;
}

export function KioskScreen({ logic, input, onPair }: KioskScreenProps) {
  const { t } = useTranslation(NS);
  const actor = useActorRef(logic, { input });
  const screen = useSelector(actor, selectKioskScreen);
  const catalog = useSelector(actor, selectCatalog);

  // The browser's "online" is what the chart's unavailable and offline states wait for.
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);

  return (
    <Box minH="100dvh" bg="bg.subtle" data-testid="kiosk" data-screen={screen}>
      <Stack maxW="5xl" mx="auto" p={{ base: '4', md: '8' }} gap="8">
        <HStack justify="space-between" wrap="wrap" gap="4">
          <Heading as="h1" size="2xl">
            {catalog?.store_name ?? t('title')}
          </Heading>
          <LanguageSwitch size="lg" />
        </HStack>
        <Box bg="bg" borderRadius="l3" p={{ base: '5', md: '10' }} shadow="sm">
          <KioskBody actor={actor} onPair={onPair} />
        </Box>
      </Stack>
    </Box>
  );
}
