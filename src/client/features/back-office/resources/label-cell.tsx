/**
 * A cell that shows a row's value by its label in the resource's namespace (a category's type, a member's
 * role): the configs name the key, this translates it.
 */
import { useTranslation } from 'react-i18next';

/** `labelKey` of `namespace`, e.g. `types.service` of admin-categories. */
export function LabelCell({ namespace, labelKey }: { namespace: string; labelKey: string }) {
  const { t } = useTranslation(namespace);
  return <>{t(labelKey)}</>;
}
