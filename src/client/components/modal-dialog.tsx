/**
 * The app's modal dialogs, drawn one way: centred over a backdrop, in a portal, closed by Escape, the backdrop
 * or a close button through `onClose` (the chart's cancel or dismiss event; a dialog a step must not leave
 * ignores it then). `DialogFrame` is the frame alone, for a dialog that lays out its own header, body and
 * footer (inside a form, say); `ModalDialog` adds the title, the body and the footer.
 *
 * Every Dialog.Root prop a caller gives (size, role, closeOnInteractOutside...) is passed through as given,
 * and nothing else: a prop left out keeps Chakra's default.
 */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { CloseButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogFrameProps extends Omit<Dialog.RootProps, 'children' | 'open' | 'onOpenChange'> {
  /** Shown or not; a confirmation that is its own screen is always open. */
  open?: boolean;
  /** The dialog asked to close (Escape, the backdrop, the close button). */
  onClose: () => void;
  /** `data-testid` of the content. */
  testId: string;
  /** `data-*` attributes of the content (its status, its step) for tests and styles. */
  data?: Record<`data-${string}`, string | number | undefined>;
  /** Other props of the content (`as="form"` and its `onSubmit`). */
  contentProps?: Dialog.ContentProps;
  /** The × in the corner, with its spoken name; none when left out. */
  closeButton?: CloseButtonProps & { 'aria-label': string };
  children: ReactNode;
}

export function DialogFrame({
  open = true,
  onClose,
  testId,
  data,
  contentProps,
  closeButton,
  children,
  ...root
}: DialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      {...root}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} {...data} {...contentProps}>
            {children}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton {...closeButton} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface ModalDialogProps extends DialogFrameProps {
  title: ReactNode;
  /** The buttons; no footer when left out. */
  footer?: ReactNode;
  footerProps?: Dialog.FooterProps;
  bodyProps?: Dialog.BodyProps;
}

export function ModalDialog({ title, footer, footerProps, bodyProps, children, ...frame }: ModalDialogProps) {
  return (
    <DialogFrame {...frame}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body {...bodyProps}>{children}</Dialog.Body>
      {footer !== undefined && <Dialog.Footer {...footerProps}>{footer}</Dialog.Footer>}
    </DialogFrame>
  );
}
