/**
 * The list of a resource: TanStack Table (headless; docs/decisions/013) turns the config's columns into
 * header and cell models and this file draws them with Chakra, so every resource gets the same table. The
 * machine owns paging, sort and selection (the server sorts and pages); the table only renders. A page
 * longer than VIRTUAL_FROM rows (per_page goes up to 200) renders only the rows in view with TanStack
 * Virtual, with spacer rows above and below so it stays one real <table> for screen readers and keyboards.
 *
 * Touch and keyboard: every control is a real button or checkbox at least 44 px high; a sortable header is a
 * button whose aria-sort says the order; each row's actions are resource-row-actions.tsx.
 */
import { Box, Button, Checkbox, Table, Text } from '@chakra-ui/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectAllSelected,
  selectItems,
  selectSelected,
  selectSort,
} from '../../../../machines/resource/resource.selectors';
import type { ResourceRow } from '../../../../machines/resource/resource.types';
import type { ColumnConfig, ResourceConfig } from './resource-config';
import { ResourceActor } from './resource-actor';
import { RowActions } from './resource-row-actions';

/** Rows from which only those in view are rendered. */
export const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 52;

const features = tableFeatures({});
type Features = typeof features;
const helper = createColumnHelper<Features, ResourceRow>();

function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The next order of a column: ascending, then descending, then the default order. */
function nextSort(current: string | null, field: string): string | null {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return null;
  return field;
}

function SortHeader({ column, ns }: { column: ColumnConfig<ResourceRow>; ns: string }) {
  const { t } = useTranslation([ns, 'admin']);
  const sort = ResourceActor.useSelector(selectSort);
  const actor = ResourceActor.useActorRef();
  const label = t(column.label, { ns });
  if (!column.sortable) return <>{label}</>;
  const direction = sort === column.field ? 'ascending' : sort === `-${column.field}` ? 'descending' : null;
  return (
    <Button
      variant="ghost"
      size="sm"
      minH="11"
      px="2"
      fontWeight="semibold"
      onClick={() => actor.send({ type: 'sort.set', sort: nextSort(sort, column.field) })}
      aria-label={t('admin:table.sortBy', { column: label })}
      data-sort={direction ?? 'none'}
    >
      {label}
      <Text as="span" aria-hidden color="fg.muted">
        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </Text>
    </Button>
  );
}

function SelectAll() {
  const { t } = useTranslation('admin');
  const all = ResourceActor.useSelector(selectAllSelected);
  const some = ResourceActor.useSelector((s) => selectSelected(s).length > 0);
  const actor = ResourceActor.useActorRef();
  return (
    <Checkbox.Root
      checked={all ? true : some ? 'indeterminate' : false}
      onCheckedChange={() => actor.send({ type: 'rows.toggleAll' })}
      minH="11"
      data-testid="select-all"
    >
      <Checkbox.HiddenInput aria-label={t('table.selectAll')} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function SelectRow({ row, label }: { row: ResourceRow; label: string }) {
  const { t } = useTranslation('admin');
  const checked = ResourceActor.useSelector((s) => selectSelected(s).includes(row.id));
  const actor = ResourceActor.useActorRef();
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={() => actor.send({ type: 'row.toggle', id: row.id })}
      minH="11"
      data-testid="select-row"
    >
      <Checkbox.HiddenInput aria-label={t('table.selectRow', { name: label })} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

function useColumns(config: ResourceConfig): Array<ColumnDef<Features, ResourceRow>> {
  return useMemo(
    () => [
      helper.display({
        id: '_select',
        header: () => <SelectAll />,
        cell: ({ row }) => <SelectRow row={row.original} label={config.rowLabel(row.original)} />,
      }),
      ...config.columns.map((column) =>
        helper.accessor((row: ResourceRow) => row[column.field], {
          id: column.field,
          header: () => <SortHeader column={column} ns={config.namespace} />,
          cell: ({ row }) =>
            column.cell ? column.cell(row.original) : plainText(row.original[column.field]),
        }),
      ),
      helper.display({
        id: '_actions',
        header: () => null,
        cell: ({ row }) => <RowActions config={config} row={row.original} />,
      }),
    ],
    [config],
  );
}

function ariaSort(sort: string | null, field: string): 'ascending' | 'descending' | 'none' {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

/** The responsive display of a column: hidden on small screens when its config says so. */
function displayOf(config: ResourceConfig, id: string) {
  const hideBelow = config.columns.find((c) => c.field === id)?.hideBelow;
  return hideBelow ? { base: 'none', [hideBelow]: 'table-cell' } : undefined;
}

export function ResourceTable({ config }: { config: ResourceConfig }) {
  const { t } = useTranslation([config.namespace, 'admin']);
  const items = ResourceActor.useSelector(selectItems);
  const sort = ResourceActor.useSelector(selectSort);
  const columns = useColumns(config);
  const data = useMemo(() => [...items], [items]);
  const table = useTable({ features, columns, data, getRowId: (row) => String(row.id) });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length >= VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
    enabled: virtual,
  });
  const shown = virtual
    ? virtualizer.getVirtualItems().map((item) => ({ row: rows[item.index], index: item.index }))
    : rows.map((row, index) => ({ row, index }));
  const first = virtual ? (virtualizer.getVirtualItems()[0]?.start ?? 0) : 0;
  const last = virtual ? virtualizer.getTotalSize() - (virtualizer.getVirtualItems().at(-1)?.end ?? 0) : 0;
  const width = columns.length;

  return (
    <Box
      ref={scrollRef}
      overflow="auto"
      maxH={virtual ? '70vh' : undefined}
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      data-testid="resource-table"
    >
      <Table.Root size="sm" stickyHeader={virtual} aria-label={t('title', { ns: config.namespace })}>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => {
                const sortable = config.columns.some((c) => c.field === header.id && c.sortable);
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    display={displayOf(config, header.id)}
                    aria-sort={sortable ? ariaSort(sort, header.id) : undefined}
                    width={header.id === '_select' ? '12' : undefined}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {first > 0 && (
            <Table.Row aria-hidden>
              <Table.Cell colSpan={width} height={`${first}px`} p="0" />
            </Table.Row>
          )}
          {shown.map(({ row, index }) =>
            row ? (
              <Table.Row
                key={row.id}
                data-index={index}
                data-testid="resource-row"
                data-row-id={row.id}
                ref={virtual ? virtualizer.measureElement : undefined}
              >
                {row.getAllCells().map((cell) => (
                  <Table.Cell key={cell.id} display={displayOf(config, cell.column.id)} py="1">
                    <table.FlexRender cell={cell} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ) : null,
          )}
          {last > 0 && (
            <Table.Row aria-hidden>
              <Table.Cell colSpan={width} height={`${last}px`} p="0" />
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
