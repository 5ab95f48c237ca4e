/**
 * The dashboard's charts (docs/dashboard.md#charts-and-their-tables), a module of its own loaded with
 * React.lazy by dashboard-screen.tsx: it alone imports @chakra-ui/charts and recharts, so they ship in the
 * dashboard's charts chunk and never in the till's. Sales by hour of the store day, by technician, by tender,
 * top services; each with its numbers as a table (chart-card.tsx).
 */
import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { selectDetails, selectSummary } from '../../../../machines/dashboard/dashboard.selectors';
import { shownHours } from '../../../domain/dashboard';
import { BarsChart, ChartCard } from './chart-card';
import { DashboardActor } from './dashboard-actor';
import { NS, useDashboardFormat } from './dashboard-format';

export default function DashboardCharts() {
  const { t } = useTranslation([NS, 'common']);
  const format = useDashboardFormat();
  const summary = DashboardActor.useSelector(selectSummary);
  const details = DashboardActor.useSelector(selectDetails);
  if (!summary || !details) return null;

  const hours = shownHours(details.by_hour).map((h) => ({ ...h, label: format.hour(h.hour) }));
  const tenders = summary.current.payments
    .filter((p) => p.amount !== 0)
    .map((p) => ({ ...p, name: t(`common:sale_management.paymentType.${p.payment_type}`) }));
  const technicians = details.by_technician.map((e) => ({ ...e }));
  const services = details.top_services.map((s) => ({ ...s }));

  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" data-testid="dashboard-charts">
      <ChartCard
        id="byHour"
        title={t('charts.byHour')}
        rows={hours.filter((h) => h.sales_count > 0)}
        columns={[
          { label: t('charts.hour'), value: (h) => h.label },
          { label: t('figures.sales_count'), value: (h) => format.count(h.sales_count), numeric: true },
          { label: t('figures.net'), value: (h) => format.money(h.net), numeric: true },
          { label: t('figures.total'), value: (h) => format.money(h.total), numeric: true },
        ]}
        chart={
          <BarsChart
            data={hours}
            category="label"
            value="net"
            label={t('figures.net')}
            format={format.money}
          />
        }
      />
      <ChartCard
        id="byTechnician"
        title={t('charts.byTechnician')}
        rows={technicians}
        columns={[
          { label: t('charts.technician'), value: (e) => e.name },
          { label: t('figures.sales_count'), value: (e) => format.count(e.sales_count), numeric: true },
          { label: t('figures.net'), value: (e) => format.money(e.net), numeric: true },
          { label: t('figures.tips'), value: (e) => format.money(e.tips), numeric: true },
        ]}
        chart={
          <BarsChart
            data={technicians}
            category="name"
            value="net"
            label={t('figures.net')}
            format={format.money}
            horizontal
            color="purple.solid"
          />
        }
      />
      <ChartCard
        id="byTender"
        title={t('charts.byTender')}
        rows={tenders}
        columns={[
          { label: t('charts.tender'), value: (p) => p.name },
          { label: t('charts.amount'), value: (p) => format.money(p.amount), numeric: true },
        ]}
        chart={
          <BarsChart
            data={tenders}
            category="name"
            value="amount"
            label={t('charts.amount')}
            format={format.money}
            horizontal
            color="blue.solid"
          />
        }
      />
      <ChartCard
        id="topServices"
        title={t('charts.topServices')}
        rows={services}
        columns={[
          { label: t('charts.service'), value: (s) => s.name },
          { label: t('charts.quantity'), value: (s) => format.count(s.quantity), numeric: true },
          { label: t('figures.net'), value: (s) => format.money(s.net), numeric: true },
        ]}
        chart={
          <BarsChart
            data={services}
            category="name"
            value="net"
            label={t('figures.net')}
            format={format.money}
            horizontal
            color="orange.solid"
          />
        }
      />
    </SimpleGrid>
  );
}
