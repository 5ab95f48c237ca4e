/** What shows while a screen's chunk or the translations load: a centred spinner with a spoken name. */
import { Center, Spinner } from '@chakra-ui/react';

interface PageLoadingProps {
  /** Spoken by screen readers; translated by the caller when translations are ready, else English. */
  label?: string;
}

export function PageLoading({ label = 'Loading…' }: PageLoadingProps) {
  return (
    <Center minH="50dvh" role="status" aria-live="polite" data-testid="page-loading">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" aria-label={label} />
    </Center>
  );
}
