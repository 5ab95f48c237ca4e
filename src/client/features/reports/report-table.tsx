/**
 * A report's rows: TanStack Table (headless, docs/decisions/013) turns the config's columns into header and
 * cell models, drawn with Chakra as the back office's resource table is. The chart owns sort and page (the
 * server sorts and pages); a sortable header is a button whose aria-sort says the order, and a tap cycles it
 * ascending, descending, the report's default.
 */
import { Box, Button, Link, Table, Text } from '@chakra-ui/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  selectCustom,
  selectItems,
  selectPeriod,
  selectSort,
} from '../../../../machines/report/report.selectors';
import { ReportActor } from './report-actor';
import { NS } from './report-config';
import type { ReportColumn, ReportDetails } from './report-config';
import { detailsHref } from './report-url';
import { alignOf, ReportValue } from './report-values';

type Row = Record<string, unknown>;
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Row>();

function directionOf(sort: string | null, field: string | undefined): 'ascending' | 'descending' | 'none' {
  if (!field) return 'none';
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

function SortHeader({ column }: { column: ReportColumn<Row> }) {
  const { t } = useTranslation(NS);
  const sort = ReportActor.useSelector(selectSort);
  const actor = ReportActor.useActorRef();
  const label = t(column.label);
  const field = column.sort;
  if (!field) return <>{label}</>;
  const direction = directionOf(sort, field);
  return (
    <Button
      variant="ghost"
      size="sm"
      minH="11"
      px="2"
      fontWeight="semibold"
      onClick={() => actor.send({ type: 'sort.toggle', field })}
      aria-label={t('table.sortBy', { column: label })}
      data-sort={direction}
      data-testid={`report-sort-${column.id}`}
    >
      {label}
      <Text as="span" aria-hidden color="fg.muted">
        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </Text>
    </Button>
  );
}

/** A table of rows with the config's columns; `sortable` headers send the chart's sort. */
export function ValueTable({
  columns,
  rows,
  rowKey,
  label,
  sortable = false,
  testId,
}: {
  columns: ReadonlyArray<ReportColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  label: string;
  sortable?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(NS);
  const sort = ReportActor.useSelector(selectSort);
  const defs = useMemo(
    () =>
      columns.map((column) =>
        helper.accessor((row: Row) => column.value(row), {
          id: column.id,
          header: () => (sortable ? <SortHeader column={column} /> : t(column.label)),
          cell: ({ row }) => <ReportValue kind={column.kind} value={column.value(row.original)} />,
        }),
      ),
    [columns, sortable, t],
  );
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns: defs,
    data,
    getRowId: (row, index) => rowKey(row, index),
  });
  const kindOf = (id: string) => columns.find((c) => c.id === id)?.kind ?? 'text';
  return (
    <Box overflowX="auto" borderWidth="1px" borderColor="border" rounded="md" data-testid={testId}>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => {
                const column = columns.find((c) => c.id === header.id);
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    textAlign={alignOf(kindOf(header.id))}
                    whiteSpace="nowrap"
                    aria-sort={sortable && column?.sort ? directionOf(sort, column.sort) : undefined}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {table.getRowModel().rows.map((row) => (
            <Table.Row key={row.id} data-testid={`${testId}-row`}>
              {row.getAllCells().map((cell) => (
                <Table.Cell key={cell.id} textAlign={alignOf(kindOf(cell.column.id))} whiteSpace="nowrap">
                  <table.FlexRender cell={cell} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** A row's link to its details, on the period shown (docs/reports.md#details-screens). */
function DetailsLink({ details, row, label }: { details: ReportDetails<Row>; row: Row; label: string }) {
  const { t } = useTranslation(NS);
  const period = ReportActor.useSelector(selectPeriod);
  const custom = ReportActor.useSelector(selectCustom);
  return (
    <Link asChild minH="11" display="inline-flex" alignItems="center" fontWeight="semibold">
      <RouterLink
        to={detailsHref(details.path, { period, custom }, details.params(row))}
        aria-label={t('table.detailsOf', { row: label })}
        data-testid="report-details-link"
      >
        {t('table.details')}
      </RouterLink>
    </Link>
  );
}

/** The report's page of rows, from the chart; with `details`, a last column links each row to its details. */
export function ReportTable({
  columns,
  rowKey,
  label,
  details,
}: {
  columns: ReadonlyArray<ReportColumn<Row>>;
  rowKey: (row: Row) => string;
  label: string;
  details?: ReportDetails<Row> | undefined;
}) {
  const items = ReportActor.useSelector(selectItems) as readonly Row[];
  const all = useMemo<ReadonlyArray<ReportColumn<Row>>>(() => {
    if (!details) return columns;
    const first = columns[0];
    return [
      ...columns,
      {
        id: 'details',
        label: 'table.details',
        kind: 'node',
        // The link names its row by the first column, for a screen reader's list of links.
        value: (row) => (
          <DetailsLink details={details} row={row} label={String(first ? first.value(row) : rowKey(row))} />
        ),
      },
    ];
  }, [columns, details, rowKey]);
  return (
    <ValueTable columns={all} rows={items} rowKey={rowKey} label={label} sortable testId="report-table" />
  );
}
