/**
 * How a report says a failure (docs/errors.md): the app's words for the server's code or for the kind of
 * failure (lib/api/error-messages.ts failureKeys), else the reports namespace's "try again"; never the English
 * message.
 */
import type { TFunction } from 'i18next';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import { failureKeys } from '../../lib/api/error-messages';
import { NS } from './report-config';

const NO_OWN_CODES: ReadonlySet<string> = new Set();

export function failureText(t: TFunction, failure: ResourceError): string {
  return t(failureKeys(NS, NO_OWN_CODES, failure));
}
