/**
 * A button whose dialog is a lazy part (sale-parts.tsx): the button is in the screen's first load, the
 * dialog's chunk comes on its first opening (or earlier, warmed when idle). Which dialog is open is the
 * screen's, like an open accordion (client brief).
 *
 *   const dialog = usePartDialog();
 *   <Button ref={dialog.trigger} onClick={dialog.show} aria-haspopup="dialog" aria-expanded={dialog.open}>
 *   {dialog.mounted && (
 *     <Suspense fallback={<DialogFallback />}>
 *       <tipsPart.Component open={dialog.open} onOpenChange={dialog.setOpen} finalFocusEl={dialog.finalFocusEl} />
 *     </Suspense>
 *   )}
 *
 * The dialog is mounted on its first opening and stays mounted: closing plays its exit animation and runs its
 * onExitComplete (the discounts dialog sends the manager discount there), and a closed Chakra dialog renders
 * no content (lazyMount, unmountOnExit), so it costs nothing while the ticket changes.
 */
import { useCallback, useRef, useState } from 'react';
import type { RefObject } from 'react';

export interface PartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back on closing: the button that opened it (there is no Dialog.Trigger to do it). */
  finalFocusEl?: () => HTMLElement | null;
}

export interface PartDialogState {
  open: boolean;
  mounted: boolean;
  /** For the button's onClick. */
  show: () => void;
  setOpen: (open: boolean) => void;
  /** For the button's ref: focus comes back to it. */
  trigger: RefObject<HTMLButtonElement | null>;
  finalFocusEl: () => HTMLElement | null;
}

export function usePartDialog(): PartDialogState {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  const finalFocusEl = useCallback(() => trigger.current, []);
  return { open, mounted, show, setOpen, trigger, finalFocusEl };
}
