/**
 * One dashboard chart with its numbers (docs/dashboard.md#charts-and-their-tables): a heading, the chart drawn
 * with @chakra-ui/charts on recharts, hidden from screen readers, and the same numbers as a table, visually
 * hidden until "Show the numbers" opens it, so a screen reader always reads the table and anyone may see it.
 */
import { Box, Button, Heading, HStack, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { BarChart, Bar, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, useChart } from '@chakra-ui/charts';
import { useId, useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from './dashboard-format';

export interface ChartColumn<Row> {
  label: string;
  value: (row: Row) => string;
  numeric?: boolean;
}

function NumbersTable<Row>({
  id,
  caption,
  columns,
  rows,
}: {
  id: string;
  caption: string;
  columns: ReadonlyArray<ChartColumn<Row>>;
  rows: readonly Row[];
}) {
  return (
    <Table.Root size="sm" id={id} data-testid={`dashboard-table-${id}`}>
      <Table.Caption captionSide="top" textAlign="start">
        {caption}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader key={column.label} scope="col" textAlign={column.numeric ? 'end' : 'start'}>
              {column.label}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row, index) => (
          <Table.Row key={index}>
            {columns.map((column, c) =>
              c === 0 ? (
                <Table.Cell key={column.label} as="th" scope="row" fontWeight="normal">
                  {column.value(row)}
                </Table.Cell>
              ) : (
                <Table.Cell key={column.label} textAlign={column.numeric ? 'end' : 'start'}>
                  {column.value(row)}
                </Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function ChartCard<Row>({
  id,
  title,
  columns,
  rows,
  chart,
}: {
  id: string;
  title: string;
  columns: ReadonlyArray<ChartColumn<Row>>;
  rows: readonly Row[];
  chart: ReactElement;
}) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const tableId = `${id}-numbers`;
  const table = <NumbersTable id={tableId} caption={title} columns={columns} rows={rows} />;
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="3"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      p="4"
      data-testid={`dashboard-chart-${id}`}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {rows.length > 0 && (
          <Button
            size="sm"
            minH="11"
            variant="ghost"
            aria-expanded={open}
            aria-controls={tableId}
            onClick={() => setOpen((o) => !o)}
            data-testid={`dashboard-numbers-${id}`}
          >
            {t(open ? 'charts.hideNumbers' : 'charts.showNumbers')}
          </Button>
        )}
      </HStack>
      {rows.length === 0 ? (
        <Text color="fg.muted">{t('charts.none')}</Text>
      ) : (
        <>
          <Box aria-hidden="true">{chart}</Box>
          {open ? table : <VisuallyHidden>{table}</VisuallyHidden>}
        </>
      )}
    </Stack>
  );
}

/** One bar's data: a category (a name, an hour) and numbers. */
type Datum = Record<string, string | number>;

/** Bars of one value per category; `horizontal` lays them out as rows (names read better so). */
export function BarsChart({
  data,
  category,
  value,
  label,
  format,
  horizontal = false,
  color = 'teal.solid',
}: {
  data: Datum[];
  category: string;
  value: string;
  label: string;
  format: (value: number) => string;
  horizontal?: boolean;
  color?: string;
}) {
  const chart = useChart<Datum>({ data, series: [{ name: value, color, label }] });
  const height = horizontal ? Math.max(160, data.length * 40) : 240;
  return (
    <Chart.Root chart={chart} h={`${height}px`}>
      <BarChart
        responsive
        // The chart is decoration for sight: its numbers are the table beside it, so nothing in it takes focus.
        accessibilityLayer={false}
        style={{ width: '100%', height: '100%' }}
        data={chart.data}
        layout={horizontal ? 'vertical' : 'horizontal'}
      >
        <CartesianGrid stroke={chart.color('border.muted')} vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tickLine={false} axisLine={false} tickFormatter={format} />
            <YAxis type="category" dataKey={category} tickLine={false} axisLine={false} width={120} />
          </>
        ) : (
          <>
            <XAxis dataKey={category} tickLine={false} axisLine={false} />
            <YAxis tickLine={false} axisLine={false} tickFormatter={format} width={80} />
          </>
        )}
        <Tooltip
          cursor={{ fill: chart.color('bg.muted') }}
          isAnimationActive={false}
          content={<Chart.Tooltip formatter={(v: number) => format(v)} />}
        />
        {chart.series.map((item) => (
          <Bar
            key={String(item.name)}
            isAnimationActive={false}
            dataKey={String(item.name)}
            fill={chart.color(item.color)}
            radius={4}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
