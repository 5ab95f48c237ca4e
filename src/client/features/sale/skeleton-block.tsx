/**
 * Placeholder shapes while something loads (the machine's loading state, rendered). Plain boxes with the
 * theme's pulse keyframes: no Skeleton recipe in the app's theme bundle for a few grey bars.
 */
import { Box, Stack } from '@chakra-ui/react';

interface SkeletonBlockProps {
  count: number;
  height: string;
  /** Spoken once for the whole block. */
  label: string;
  columns?: boolean;
}

export function SkeletonBlock({ count, height, label, columns = false }: SkeletonBlockProps) {
  return (
    <Box role="status" aria-label={label} aria-busy="true" data-testid="sale-skeleton">
      <Stack
        gap="2"
        {...(columns ? { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))' } : {})}
      >
        {Array.from({ length: count }, (_, index) => (
          <Box
            key={index}
            h={height}
            borderRadius="md"
            bg="bg.muted"
            animation="pulse 1.5s ease-in-out infinite"
            aria-hidden="true"
          />
        ))}
      </Stack>
    </Box>
  );
}
