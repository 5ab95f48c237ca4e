/**
 * The end-to-end run's push service: a local HTTPS Web Push service (tests/support/server/fake-push-service.ts)
 * that the REAL server delivers to, with real VAPID signatures and aes128gcm encryption.
 *
 * Why this way: Chromium's pushManager.subscribe needs Google's push service (FCM), which this machine cannot
 * reach, and a server must never accept an endpoint at an arbitrary host (ADR 009). So the global setup makes a
 * certificate and picks a port BEFORE the server starts, and tells only that server, through the test-only
 * PUSH_TEST_SERVICE_ORIGIN / PUSH_TEST_SERVICE_CA (services/push.ts testPushServiceFromEnv), that this one
 * origin is a push service. The spec then starts the service on that port with that certificate and plays the
 * browser's part of the protocol that needs FCM: it holds the subscription's keys, decrypts what arrives, and
 * hands the plaintext to the service worker (CDP ServiceWorker.deliverPushMessage), as the browser would after
 * decrypting.
 *
 *   global setup:  const push = await preparePushService(dataDir, await freePort());  // env for the server
 *   spec:          const service = await startE2ePushService();                       // null: not configured
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { selfSignedCertificate, startFakePushService } from '../../support/server/fake-push-service';
import type { FakePushService } from '../../support/server/fake-push-service';

/** What the workers read (the global setup puts them in process.env before they start). */
const ORIGIN_VAR = 'E2E_PUSH_SERVICE_ORIGIN';
const DIR_VAR = 'E2E_PUSH_SERVICE_DIR';

export interface PreparedPushService {
  /** For the server process: the test-only push service setting. */
  serverEnv: { PUSH_TEST_SERVICE_ORIGIN: string; PUSH_TEST_SERVICE_CA: string };
  /** For the test workers: where to start the service and its identity. */
  testEnv: Record<typeof ORIGIN_VAR | typeof DIR_VAR, string>;
}

/** Writes a key and a self-signed certificate for 127.0.0.1 under `dataDir`/push; the service will use `port`. */
export async function preparePushService(dataDir: string, port: number): Promise<PreparedPushService> {
  const dir = path.join(dataDir, 'push');
  await mkdir(dir, { recursive: true });
  const { key, cert } = selfSignedCertificate();
  await writeFile(path.join(dir, 'key.pem'), key, { mode: 0o600 });
  await writeFile(path.join(dir, 'cert.pem'), cert);
  const origin = `https://127.0.0.1:${port}`;
  return {
    serverEnv: { PUSH_TEST_SERVICE_ORIGIN: origin, PUSH_TEST_SERVICE_CA: path.join(dir, 'cert.pem') },
    testEnv: { [ORIGIN_VAR]: origin, [DIR_VAR]: dir },
  };
}

/** The server of this run was started with the test push service (not when E2E_BASE_URL named another). */
export function pushServiceConfigured(): boolean {
  return Boolean(process.env[ORIGIN_VAR] && process.env[DIR_VAR]);
}

/** Starts the run's push service on its agreed origin; one per run at a time (the port is fixed). */
export async function startE2ePushService(): Promise<FakePushService> {
  const origin = process.env[ORIGIN_VAR];
  const dir = process.env[DIR_VAR];
  if (!origin || !dir) throw new Error(`${ORIGIN_VAR} and ${DIR_VAR} are set by the global setup`);
  const [key, cert] = await Promise.all([
    readFile(path.join(dir, 'key.pem'), 'utf8'),
    readFile(path.join(dir, 'cert.pem'), 'utf8'),
  ]);
  const service = await startFakePushService({ identity: { key, cert }, port: Number(new URL(origin).port) });
  if (service.origin !== origin) throw new Error(`push service at ${service.origin}, expected ${origin}`);
  return service;
}
