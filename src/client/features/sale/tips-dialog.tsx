/**
 * The tips dialog of the ticket (tips-button.tsx opens it; a chunk of its own, sale-parts.tsx): one amount per
 * employee on the ticket. Save sends the sale machine's tip.set for each amount that changed; an empty box or
 * 0 removes that tip.
 *
 * Amounts are typed as a cashier types them ("1,000.50") and parsed by the domain (src/domain/amount.ts),
 * on a numeric keyboard (inputMode decimal) on a tablet.
 */
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCurrency, selectEmployees } from '../../../../machines/sale/sale.selectors';
import { toDecimalString } from '../../../domain/money';
import type { Minor, OrderEmployee } from '../../../domain/order.types';
import type { PartDialogProps } from './part-dialog';
import { PartModal } from './part-modal';
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

/** What the open dialog shows: read from the sale only while open (a closed dialog has no content). */
function TipsBody({ formId, onSaved }: { formId: string; onSaved: () => void }) {
  const { t } = useTranslation('common');
  const sale = SaleActor.useActorRef();
  const employees = SaleActor.useSelector(selectEmployees);
  const currency = SaleActor.useSelector(selectCurrency);
  const save = (tips: Array<{ userId: number; amount: Minor }>) => {
    for (const tip of tips) sale.send({ type: 'tip.set', userId: tip.userId, amount: tip.amount });
    onSaved();
  };
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('saleExtras.tips.intro')}</Text>
      <TipsForm formId={formId} employees={employees} currency={currency} onSave={save} />
    </Stack>
  );
}

export function TipsDialog({ open, onOpenChange, finalFocusEl }: PartDialogProps) {
  const { t } = useTranslation('common');
  const formId = useId();
  return (
    <PartModal
      open={open}
      onOpenChange={onOpenChange}
      finalFocusEl={finalFocusEl}
      size={{ base: 'full', md: 'md' }}
      testId="tips-dialog"
      title={t('saleExtras.tips.title')}
      dismissText={t('saleExtras.cancel')}
      actions={
        <Button type="submit" form={formId} size="xl" colorPalette="brand">
          {t('saleExtras.tips.save')}
        </Button>
      }
    >
      <TipsBody formId={formId} onSaved={() => onOpenChange(false)} />
    </PartModal>
  );
}
