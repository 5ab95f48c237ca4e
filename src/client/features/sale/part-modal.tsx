/**
 * The dialog of a sale part opened from the ticket (tips, discounts; part-dialog.ts): centred, the whole
 * screen on a phone, its content scrolling inside; closed by its ×, Escape, the backdrop or the footer's first
 * button (Cancel, Done), each of which hands `onOpenChange(false)` back to the screen that owns it.
 */
import { Button, Dialog } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../components/modal-dialog';
import type { ModalDialogProps } from '../../components/modal-dialog';
import type { PartDialogProps } from './part-dialog';

interface PartModalProps
  extends
    PartDialogProps,
    Pick<ModalDialogProps, 'size' | 'onExitComplete' | 'testId' | 'title' | 'children'> {
  /** The words of the footer's first button, the one that closes the dialog. */
  dismissText: string;
  /** The footer's buttons after it. */
  actions?: ReactNode;
}

export function PartModal({ onOpenChange, dismissText, actions, ...dialog }: PartModalProps) {
  const { t } = useTranslation('common');
  return (
    <ModalDialog
      {...dialog}
      onClose={() => onOpenChange(false)}
      scrollBehavior="inside"
      closeButton={{ size: 'lg', 'aria-label': t('saleExtras.close') }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button size="xl" variant="outline">
              {dismissText}
            </Button>
          </Dialog.ActionTrigger>
          {actions}
        </>
      }
    />
  );
}
