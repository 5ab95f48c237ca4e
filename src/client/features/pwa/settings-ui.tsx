/** Small pieces the settings tabs share: a titled section, a labelled value, a yes/no badge, a confirmation. */
import { Alert, Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" size="sm" data-testid={testId}>
      <Card.Body gap="3">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** A term and its value; `testId` marks the value for tests that read one fact. */
export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

export function Facts({ children }: { children: ReactNode }) {
  return (
    <HStack gap="6" flexWrap="wrap" alignItems="flex-start">
      {children}
    </HStack>
  );
}

/** A badge whose colour says yes or no; the text says it too (colour is never the only signal). */
export function StateBadge({ on, children, testId }: { on: boolean; children: ReactNode; testId?: string }) {
  return (
    <Badge colorPalette={on ? 'green' : 'gray'} variant="subtle" size="lg" data-testid={testId} data-on={on}>
      {children}
    </Badge>
  );
}

export function Badges({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" gap="2" flexWrap="wrap">
      {children}
    </Stack>
  );
}

/**
 * A destructive tool's "are you sure?" (Remove failed requests, Force Reload SW): the worker-tools chart is in its
 * confirming state; Confirm and Cancel are its two events.
 */
export function ConfirmAlert({
  label,
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  testId,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <Alert.Root status="warning" role="group" aria-label={label} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{question}</Alert.Title>
      </Alert.Content>
      <HStack gap="2">
        <Button size="sm" minH="11" colorPalette="red" onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="sm" minH="11" variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </HStack>
    </Alert.Root>
  );
}
