/**
 * The live channel chart (machines/live-channel) with its real stream: the store's events with ?view=tv
 * (docs/live.md), opened with the signed-in session's token. The TV's route requires a session
 * (app/routes.ts walkInTv), and the server refuses another store's stream with 403.
 */
import { liveChannelMachine } from '../../../../machines/live-channel/live-channel.machine';
import { liveEventsPath } from '../../../contracts/live';
import { liveStream } from '../../lib/live/live-stream';
import { readToken } from '../../lib/storage';

export function walkInTvLogic() {
  return liveChannelMachine.provide({
    actors: {
      stream: liveStream({
        url: (input) => liveEventsPath(input.storeId, input.view ?? undefined),
        headers: (): Record<string, string> => {
          const token = readToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    },
  });
}
