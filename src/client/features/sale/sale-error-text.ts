/**
 * What an error of the sale screen reads (conventions.md: "codes mapped to i18n keys"): `sale.errors.<code>`
 * when the key exists, else the generic sentence. The server's own sentence is added under it for the codes
 * where it says something the translation cannot (which field was refused, which sale conflicts), never for
 * the domain's codes, whose English message is for developers.
 */
export interface CodedError {
  code: string;
  message?: string;
}

export interface ErrorText {
  title: string;
  detail: string | null;
}

/** Codes whose server message helps the cashier (the server's own words, in English). */
const WITH_SERVER_DETAIL: ReadonlySet<string> = new Set([
  'invalid',
  'saleConflict',
  'conflict',
  'forbidden',
  'unexpected',
  'invalidResponse',
]);

export function saleErrorText(
  t: (key: string) => string,
  exists: (key: string) => boolean,
  error: CodedError,
): ErrorText {
  const key = `sale.errors.${error.code}`;
  if (!exists(key)) {
    return { title: t('sale.errors.unexpected'), detail: error.message ?? error.code };
  }
  const detail = WITH_SERVER_DETAIL.has(error.code) && error.message ? error.message : null;
  return { title: t(key), detail };
}
