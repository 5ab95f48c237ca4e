/**
 * The toasts themselves (Chakra's Toaster on the shared `toaster` store of notices.tsx). Its own chunk, fetched
 * when the browser is idle after the first paint (or at the first notice): the toast machinery (~6 KB gzipped)
 * is not in the JS every screen waits for, yet is there before the connection can drop.
 */
import { Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toaster } from './notices';

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
