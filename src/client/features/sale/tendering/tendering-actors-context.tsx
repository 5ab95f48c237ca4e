/**
 * Where the tendering panel gets its machines with their I/O: the app's real ones by default
 * (app/tendering-actors.ts, design.md §2: app/ is the one place that provides real actors), or fakes a test
 * or a model-based UI run provides:
 *
 *   <TenderingActorsProvider value={{ paymentRequest: fakeRequest, giftCardCheck: fakeCheck, createId }}>
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { appTenderingActors } from '../../../app/tendering-actors';
import type { TenderingActors } from '../../../app/tendering-actors';

const TenderingActorsContext = createContext<TenderingActors>(appTenderingActors);

export function TenderingActorsProvider({
  value,
  children,
}: {
  value: TenderingActors;
  children: ReactNode;
}) {
  return <TenderingActorsContext.Provider value={value}>{children}</TenderingActorsContext.Provider>;
}

export function useTenderingActors(): TenderingActors {
  return useContext(TenderingActorsContext);
}
