/**
 * Tips per employee (issue 4 item 4 "tips per employee"; 000 §4 "Tips attach to the employee group matching
 * user_id"): a button showing the ticket's tips, and a dialog with one amount per employee on the ticket. Save
 * sends the sale machine's tip.set for each amount that changed; an empty box or 0 removes that tip.
 *
 * Amounts are typed as a cashier types them ("1,000.50") and parsed by the domain (src/domain/amount.ts),
 * on a numeric keyboard (inputMode decimal) on a tablet. Tips may change while tendering too: the machine
 * takes tip.set there and recomputes the balance.
 */
import { Badge, Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCurrency,
  selectEmployees,
  selectMode,
  selectTotals,
} from '../../../../machines/sale/sale.selectors';
import { toDecimalString } from '../../../domain/money';
import type { Minor, OrderEmployee } from '../../../domain/order.types';
import { formatMoney } from '../../lib/format';
import { SaleActor } from './sale-actor';
import { parseTip } from './tips-format';
import type { TipProblem } from './tips-format';

function initialTexts(employees: OrderEmployee[], currency: string): Record<number, string> {
  return Object.fromEntries(
    employees.map((group) => [
      group.employee.id,
      group.tips && group.tips.tip_amount > 0 ? toDecimalString(group.tips.tip_amount, currency) : '',
    ]),
  );
}

function TipsForm({
  formId,
  employees,
  currency,
  onSave,
}: {
  formId: string;
  employees: OrderEmployee[];
  currency: string;
  onSave: (tips: Array<{ userId: number; amount: Minor }>) => void;
}) {
  const { t } = useTranslation('common');
  // The keystrokes of each box until Save (read once: the dialog mounts this afresh on each opening).
  const [texts, setTexts] = useState(() => initialTexts(employees, currency));
  const [problems, setProblems] = useState<Record<number, TipProblem>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<number, TipProblem> = {};
    const changed: Array<{ userId: number; amount: Minor }> = [];
    for (const group of employees) {
      const id = group.employee.id;
      const parsed = parseTip(texts[id] ?? '', currency);
      if ('problem' in parsed) found[id] = parsed.problem;
      else if (parsed.amount !== (group.tips?.tip_amount ?? 0))
        changed.push({ userId: id, amount: parsed.amount });
    }
    setProblems(found);
    if (Object.keys(found).length === 0) onSave(changed);
  };

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Stack gap="4">
        {employees.map((group) => {
          const id = group.employee.id;
          const problem = problems[id];
          return (
            <Field.Root key={id} invalid={problem !== undefined}>
              <Field.Label fontSize="md">
                {t('saleExtras.tips.tipFor', { name: group.employee.name })}
              </Field.Label>
              <Input
                size="xl"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={texts[id] ?? ''}
                onChange={(event) => setTexts((all) => ({ ...all, [id]: event.target.value }))}
                data-testid={`tip-input-${id}`}
              />
              {problem && <Field.ErrorText>{t(`saleExtras.tips.errors.${problem}`)}</Field.ErrorText>}
            </Field.Root>
          );
        })}
      </Stack>
    </form>
  );
}

export function TipsButton() {
  const { t, i18n } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const mode = SaleActor.useSelector(selectMode);
  const employees = SaleActor.useSelector(selectEmployees);
  const tipTotal = SaleActor.useSelector((snapshot) => selectTotals(snapshot).total.tip_amount);
  const currency = SaleActor.useSelector(selectCurrency);
  const [open, setOpen] = useState(false);
  const formId = useId();

  const available = (mode === 'building' || mode === 'tendering') && employees.length > 0;

  const save = (tips: Array<{ userId: number; amount: Minor }>) => {
    for (const tip of tips) sale.send({ type: 'tip.set', userId: tip.userId, amount: tip.amount });
    setOpen(false);
  };

  return (
    <Dialog.Root
      open={open && available}
      onOpenChange={(details) => setOpen(details.open)}
      placement="center"
      size={{ base: 'full', md: 'md' }}
      scrollBehavior="inside"
    >
      <Dialog.Trigger asChild>
        <Button size="xl" variant="outline" disabled={!available} data-testid="tips-button">
          {t('saleExtras.tips.button')}
          {tipTotal > 0 && (
            <Badge colorPalette="brand" variant="solid" size="lg">
              {formatMoney(tipTotal, i18n.language, currency)}
            </Badge>
          )}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="tips-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('saleExtras.tips.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">{t('saleExtras.tips.intro')}</Text>
                <TipsForm formId={formId} employees={employees} currency={currency} onSave={save} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button size="xl" variant="outline">
                  {t('saleExtras.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button type="submit" form={formId} size="xl" colorPalette="brand">
                {t('saleExtras.tips.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="lg" aria-label={t('saleExtras.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
