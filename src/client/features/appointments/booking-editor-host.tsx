/**
 * The booking editor as the book opens it (docs/appointments.md): the store's services are read once per book
 * (the catalog read the sale screen caches, so offline it answers from the cache) before the dialog opens.
 */
import { Dialog, Portal, Spinner } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { Booking } from '../../../contracts/bookings';
import type { BookEditorTarget } from './book-screen';
import { loadEditorServices } from './booking-editor-api';
import type { EditorService } from '../../../../machines/booking-editor/booking-editor.types';
import { BookingEditorDialog } from './booking-editor-dialog';

/** The services, read once and shared by every opening of the editor in this book. */
export function useEditorServices(storeId: number | null): EditorService[] | null {
  const [services, setServices] = useState<EditorService[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadEditorServices(storeId, { signal: controller.signal })
      .then(setServices)
      // No catalog (offline with nothing cached): the editor still opens, with no service to choose.
      .catch(() => {
        if (!controller.signal.aborted) setServices([]);
      });
    return () => controller.abort();
  }, [storeId]);
  return services;
}

export function BookingEditorHost({
  target,
  services,
  timeZone,
}: {
  target: BookEditorTarget;
  services: EditorService[] | null;
  timeZone: string;
}) {
  if (services === null) {
    return (
      <Dialog.Root open lazyMount onOpenChange={(d) => !d.open && target.close()}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content p="8" alignItems="center" data-testid="booking-editor-loading">
              <Spinner color="brand.solid" size="lg" />
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    );
  }
  return (
    <BookingEditorDialog
      open
      draft={target.draft}
      booking={target.booking}
      employees={target.employees}
      services={services}
      timeZone={timeZone}
      onClose={target.close}
      onSaved={(_: Booking) => target.saved()}
    />
  );
}
