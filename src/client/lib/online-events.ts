/**
 * Shared by the back office's panels and pages and the working-time report. Tells a panel's machine when the browser is back online, so a panel that could not load loads again by
 * itself (its chart's `offline` state waits for `connection.online`).
 */
import { useEffect } from 'react';

export function useOnlineEvent(actor: { send: (event: { type: 'connection.online' }) => void }): void {
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);
}
