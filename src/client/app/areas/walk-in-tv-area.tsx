/**
 * The walk-in TV in its own chunk (docs/front-desk.md#the-tv), for the store in its path. A store id that is not
 * a number is the not-found page's; one the session does not work in is refused by the server (403) and the
 * screen keeps reconnecting, saying so.
 */
import { Navigate, useParams } from 'react-router-dom';
import { WalkInTvScreen } from '../../features/walk-in-tv/walk-in-tv-screen';

export function WalkInTvArea() {
  const { storeId } = useParams();
  const id = Number(storeId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/404" replace />;
  return <WalkInTvScreen key={id} storeId={id} />;
}
