/**
 * What a row offers (docs/back-office.md "Row actions"): Edit and Delete, then the config's own actions
 * (`rowActions`, each opening its panel in a dialog) and, when the rows are `orderable` and listed in display
 * order, Move up and Move down. Up to two such extra actions are buttons beside Edit; more go into one
 * "More" menu (a real button, then menu items the arrow keys, Enter and a tap all reach). Which panel is open,
 * for which row, and a move under way are the resource machine's state; this file only draws them.
 */
import { Button, Dialog, HStack, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  selectItems,
  selectOrdering,
  selectOrderingStatus,
  selectRowAction,
  selectSort,
} from '../../../../machines/resource/resource.selectors';
import type { MoveDirection, ResourceRow } from '../../../../machines/resource/resource.types';
import { newIdempotencyKey } from '../../lib/api/idempotency-key';
import type { ResourceConfig } from './resource-config';
import { ResourceActor } from './resource-actor';
import { SheetDialog } from './resource-dialog';
import { ResourceNotice } from './resource-notice';
import { errorText } from './resource-text';

/** The list's sort under which Move up / Move down mean what they say. */
export const DISPLAY_ORDER_SORT = 'display_order';

/** More extra actions than this go into the menu. */
const BUTTONS_AT_MOST = 2;

interface ExtraAction {
  id: string;
  text: string;
  disabled: boolean;
  run: () => void;
}

/** Move up / Move down of a row, when the config says rows are orderable and the list is in display order. */
function useMoves(config: ResourceConfig, row: ResourceRow): ExtraAction[] {
  const { t } = useTranslation('admin');
  const actor = ResourceActor.useActorRef();
  const sort = ResourceActor.useSelector(selectSort);
  const index = ResourceActor.useSelector((s) => selectItems(s).findIndex((item) => item.id === row.id));
  const count = ResourceActor.useSelector((s) => selectItems(s).length);
  const moving = ResourceActor.useSelector((s) => selectOrderingStatus(s) === 'moving');
  if (!config.orderable || (sort ?? config.defaultSort) !== DISPLAY_ORDER_SORT) return [];
  const move = (direction: MoveDirection) =>
    actor.send({ type: 'row.move', id: row.id, direction, idempotencyKey: newIdempotencyKey() });
  return [
    { id: 'move-up', text: t('actions.moveUp'), disabled: moving || index <= 0, run: () => move('up') },
    {
      id: 'move-down',
      text: t('actions.moveDown'),
      disabled: moving || index < 0 || index >= count - 1,
      run: () => move('down'),
    },
  ];
}

function MoreMenu({ actions, label }: { actions: ExtraAction[]; label: string }) {
  const { t } = useTranslation('admin');
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button
          size="sm"
          minH="11"
          variant="outline"
          aria-label={t('actions.moreNamed', { name: label })}
          data-testid="row-more"
        >
          {t('actions.more')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) => (
              <Menu.Item
                key={action.id}
                value={action.id}
                minH="11"
                disabled={action.disabled}
                onSelect={action.run}
                data-testid={`row-action-${action.id}`}
              >
                {action.text}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function RowActions({ config, row }: { config: ResourceConfig; row: ResourceRow }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  const label = config.rowLabel(row);
  const own: ExtraAction[] = (config.rowActions ?? [])
    .filter((action) => action.visible?.(row) ?? true)
    .map((action) => ({
      id: action.id,
      text: t(action.label, { ns: config.namespace }),
      disabled: false,
      run: () => actor.send({ type: 'rowAction.open', action: action.id, id: row.id }),
    }));
  const extras = [...own, ...useMoves(config, row)];
  return (
    <HStack gap="1" justify="flex-end">
      <Button
        size="sm"
        minH="11"
        variant="outline"
        onClick={() => actor.send({ type: 'editor.edit', id: row.id })}
        aria-label={t('actions.editNamed', { name: label })}
        data-testid="row-edit"
      >
        {t('actions.edit')}
      </Button>
      {extras.length > BUTTONS_AT_MOST ? (
        <MoreMenu actions={extras} label={label} />
      ) : (
        extras.map((action) => (
          <Button
            key={action.id}
            size="sm"
            minH="11"
            variant="outline"
            disabled={action.disabled}
            onClick={action.run}
            aria-label={`${action.text}: ${label}`}
            data-testid={`row-action-${action.id}`}
          >
            {action.text}
          </Button>
        ))
      )}
      <Button
        size="sm"
        minH="11"
        variant="ghost"
        colorPalette="red"
        onClick={() => actor.send({ type: 'row.remove', id: row.id, idempotencyKey: newIdempotencyKey() })}
        aria-label={t('actions.deleteNamed', { name: label })}
        data-testid="row-delete"
      >
        {t('actions.delete')}
      </Button>
    </HStack>
  );
}

/** The open row action's panel, in a dialog titled with the action's label and the row's name. */
export function RowActionDialog({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  const open = ResourceActor.useSelector(selectRowAction);
  const row = ResourceActor.useSelector((s) => selectItems(s).find((item) => item.id === open.id));
  const action = (config.rowActions ?? []).find((one) => one.id === open.action);
  const close = () => actor.send({ type: 'rowAction.close' });
  const changed = () => {
    void config.afterWrite?.().catch(() => undefined);
    actor.send({ type: 'rowAction.changed' });
  };
  const shown = action !== undefined && row !== undefined;
  return (
    <SheetDialog
      open={shown}
      onClose={close}
      testId="row-action-dialog"
      data={{ 'data-action': open.action ?? undefined }}
      closeButton={shown ? { size: 'sm', 'aria-label': t('actions.close') } : undefined}
    >
      {shown && (
        <>
          <Dialog.Header>
            <Dialog.Title>
              {t(action.label, { ns: config.namespace })}: {config.rowLabel(row)}
            </Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <action.Panel row={row} config={config} close={close} changed={changed} />
          </Dialog.Body>
        </>
      )}
    </SheetDialog>
  );
}

/** A move the server refused or that could not reach it: what went wrong, and a way to put it away. */
export function MoveNotice({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation(['admin', config.namespace]);
  const actor = ResourceActor.useActorRef();
  const status = ResourceActor.useSelector(selectOrderingStatus);
  const error = ResourceActor.useSelector((s) => selectOrdering(s).error);
  if (status !== 'failed' || !error) return null;
  return (
    <ResourceNotice
      status="error"
      title={errorText(t, error)}
      onClose={() => actor.send({ type: 'move.dismiss' })}
      testId="move-error"
    />
  );
}
