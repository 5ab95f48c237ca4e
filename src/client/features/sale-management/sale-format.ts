/**
 * Money, dates and times of the order report in the reader's language, the store's currency and the store's time
 * zone (a sale's time is the store's, not the tablet's). The screen provides the store facts once; every part
 * reads them with useSaleFormat().
 */
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY } from '../../../domain/constants';
import type { Minor } from '../../../domain/order.types';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';

export interface StoreFacts {
  currency: string;
  timeZone: string;
}

export const StoreFactsContext = createContext<StoreFacts>({ currency: DEFAULT_CURRENCY, timeZone: 'UTC' });

export interface SaleFormat extends StoreFacts {
  language: string;
  money: (minor: Minor) => string;
  dateTime: (iso: string) => string;
  date: (iso: string) => string;
}

export function useSaleFormat(): SaleFormat {
  const { i18n } = useTranslation();
  const { currency, timeZone } = useContext(StoreFactsContext);
  const language = i18n.language;
  return {
    currency,
    timeZone,
    language,
    money: (minor) => formatMoney(minor, language, currency),
    dateTime: (iso) => formatDateTime(iso, language, timeZone),
    date: (iso) => formatDate(iso, language, { timeZone }),
  };
}
