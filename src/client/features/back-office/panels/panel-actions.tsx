/**
 * The footer of a row action's panel (change password, reload, deactivate): Cancel, closed while the panel
 * saves, and the panel's own action, which submits its form or, given `onAct`, does its work directly.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function PanelActions({
  close,
  saving,
  label,
  testId,
  danger = false,
  onAct,
}: {
  close: () => void;
  saving: boolean;
  /** The action's words, already translated. */
  label: string;
  testId: string;
  danger?: boolean;
  /** Without it the action is the form's submit button. */
  onAct?: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <HStack justify="flex-end" gap="2">
      <Button minH="11" variant="outline" onClick={close} disabled={saving}>
        {t('admin:actions.cancel')}
      </Button>
      <Button
        {...(onAct ? { onClick: onAct } : { type: 'submit' as const })}
        minH="11"
        colorPalette={danger ? 'red' : 'brand'}
        loading={saving}
        data-testid={testId}
      >
        {label}
      </Button>
    </HStack>
  );
}
