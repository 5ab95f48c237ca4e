/**
 * Previous / "page n of m" / Next: the one pager step control of the back office (the resource list and the
 * panels' own lists) and the reports (features/reports). The words are the `pager.*` keys of the caller's
 * namespace (the admin namespace's unless told); the caller's machine owns the page.
 */
import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function PageSteps({
  page,
  pages,
  busy = false,
  go,
  testId,
  ns = 'admin',
}: {
  page: number;
  pages: number;
  busy?: boolean;
  go: (page: number) => void;
  /** Prefix of the controls' test ids (`pager` → pager-previous, pager-page, pager-next). */
  testId: string;
  /** The namespace holding `pager.previous`, `pager.page` and `pager.next`. */
  ns?: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Button
        minH="11"
        variant="outline"
        disabled={busy || page <= 1}
        onClick={() => go(page - 1)}
        data-testid={`${testId}-previous`}
      >
        {t('pager.previous')}
      </Button>
      <Text data-testid={`${testId}-page`}>{t('pager.page', { page, pages })}</Text>
      <Button
        minH="11"
        variant="outline"
        disabled={busy || page >= pages}
        onClick={() => go(page + 1)}
        data-testid={`${testId}-next`}
      >
        {t('pager.next')}
      </Button>
    </>
  );
}
