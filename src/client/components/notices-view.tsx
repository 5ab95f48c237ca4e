/**
 * The toasts themselves: Chakra's toast store and Toaster. Its own chunk, fetched when the browser is idle after
 * the first paint (or at the first notice): the toast machinery (~6 KB gzipped) is not in the JS every screen
 * waits for, yet is there before the connection can drop. notices.tsx hands it the notices (`show`).
 */
import { createToaster, Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NOTICE_DURATION_MS } from './notices';
import type { Notice } from './notices';

const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  duration: NOTICE_DURATION_MS,
  max: 5,
});

export function show({ type, title, description, id }: Notice): void {
  const options = {
    title,
    description,
    // Chakra has no 'default' kind: a neutral toast is one without a type.
    type: type === 'default' ? undefined : type,
    closable: true,
  };
  if (id && toaster.isVisible(id)) toaster.update(id, options);
  else toaster.create(id ? { ...options, id } : options);
}

export function NoticesView() {
  const { t } = useTranslation('common');
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={t('actions.close')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
