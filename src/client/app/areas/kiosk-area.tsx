/**
 * The public walk-in pages in one chunk (docs/walk-in-screens.md#the-customer-kiosk and #reviews): the four kiosk
 * addresses and the review page. Each reads its address (the store, and for the kiosk the variant and the
 * :isEmp/:isCat/:isService flags, src/domain/kiosk.ts) and gets its chart with the real calls
 * (app/kiosk-actors.ts). Keyed by the address, so another address starts a fresh chart.
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { KioskVariant } from '../../../domain/kiosk';
import { parseKioskFlags } from '../../../domain/kiosk';
import { NotFoundScreen } from '../../features/errors/error-screens';
import { KioskScreen } from '../../features/kiosk/kiosk-screen';
import { WalkInReviewScreen } from '../../features/walk-in-review/walk-in-review-screen';
import { saveKioskToken } from '../../lib/storage';
import { kioskLogic, reviewLogic } from '../kiosk-actors';

/** The :storeId of an address as a store id; null when it is not one (the 404 page, not a request). */
export function parseStoreId(id: string | undefined): number | null {
  if (id === undefined || !/^\d{1,15}$/.test(id)) return null;
  const value = Number(id);
  return value > 0 && Number.isSafeInteger(value) ? value : null;
}

const pair = (token: string) => saveKioskToken(token);

function Kiosk({ variant, storeId, flags }: { variant: KioskVariant; storeId: number; flags: string }) {
  const { isEmp, isCat, isService } = useParams();
  const [logic] = useState(() => kioskLogic(storeId));
  return (
    <KioskScreen
      key={flags}
      logic={logic}
      input={{ variant, flags: parseKioskFlags({ isEmp, isCat, isService }) }}
      onPair={pair}
    />
  );
}

function kioskScreen(variant: KioskVariant) {
  return function KioskArea() {
    const { storeId, isEmp, isCat, isService } = useParams();
    const store = parseStoreId(storeId);
    if (store === null) return <NotFoundScreen />;
    const flags = `${isEmp}/${isCat}/${isService}`;
    return <Kiosk key={`${store}/${flags}`} variant={variant} storeId={store} flags={flags} />;
  };
}

function Review({ storeId }: { storeId: number }) {
  const [logic] = useState(() => reviewLogic(storeId));
  return <WalkInReviewScreen logic={logic} onPair={pair} />;
}

function ReviewArea() {
  const { storeId } = useParams();
  const store = parseStoreId(storeId);
  if (store === null) return <NotFoundScreen />;
  return <Review key={store} storeId={store} />;
}

export const KIOSK_SCREENS = {
  signIn: kioskScreen('signIn'),
  signUp: kioskScreen('signUp'),
  quickEmployees: kioskScreen('quickEmployees'),
  quickServices: kioskScreen('quickServices'),
  review: ReviewArea,
} as const;
