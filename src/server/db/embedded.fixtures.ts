/**
 * Test fixture (src/server/db/embedded.test.ts): a Node process that starts an embedded cluster and then
 * only waits, so the test can `kill -9` it and leave the cluster orphaned, as a crashed server would.
 *   node --import tsx embedded.fixtures.ts <dataDir> <port>
 * Prints one JSON line { postmasterPid } once PostgreSQL is ready.
 */
import { startEmbeddedPostgres } from './embedded';

const [dataDir, port] = process.argv.slice(2);
if (!dataDir || !port) throw new Error('usage: embedded.fixtures.ts <dataDir> <port>');

const embedded = await startEmbeddedPostgres({ dataDir, port: Number(port), durable: false });
process.stdout.write(`${JSON.stringify({ postmasterPid: embedded.pid })}\n`);
setInterval(() => undefined, 60_000);
