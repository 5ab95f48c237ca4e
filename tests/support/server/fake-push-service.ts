/**
 * Test support: a push service and browsers, so a test proves a REAL Web Push delivery end to end.
 *
 * - startFakePushService(): an HTTPS server on 127.0.0.1 (web-push only speaks https) with a self-signed
 *   certificate made here (or given, with a fixed port: the e2e run's server is told both before it starts,
 *   tests/e2e/support/push-service.ts), and the https.Agent that trusts it (pass it as the app's push agent).
 *   It records every POST and answers 201, or the status a test sets for a path (410: the subscription is gone).
 * - newBrowser(): what a browser's pushManager.subscribe makes: a P-256 ECDH key pair and a 16-byte auth
 *   secret, and the subscription JSON it would send the server.
 * - decryptAes128gcm(): the browser's side of RFC 8291 / RFC 8188 with node:crypto, to read the payload.
 * - verifyVapid(): checks the RFC 8292 Authorization header: `vapid t=<ES256 JWT>, k=<public key>`.
 *
 * Only node:crypto: nothing here comes from web-push, so the test does not check web-push against itself.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import type { ECDH } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

// ---- a self-signed certificate for 127.0.0.1 (X.509 v3, ECDSA P-256), DER by hand ------------------

function der(tag: number, ...parts: Buffer[]): Buffer {
  const content = Buffer.concat(parts);
  const n = content.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), content]);
}
const sequence = (...parts: Buffer[]) => der(0x30, ...parts);

function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const iso = date.toISOString();
  const yymmddhhmmss = iso.slice(2, 19).replace(/[-T:]/g, '');
  return der(0x17, Buffer.from(`${yymmddhhmmss}Z`));
}

export function selfSignedCertificate(): { key: string; cert: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = sequence(der(0x31, sequence(objectId('2.5.4.3'), der(0x0c, Buffer.from('127.0.0.1')))));
  const ecdsaWithSha256 = sequence(objectId('1.2.840.10045.4.3.2'));
  const serial = randomBytes(8);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const now = Date.now();
  const extensions = sequence(
    // basicConstraints CA:TRUE (critical): the certificate is its own trust anchor.
    sequence(
      objectId('2.5.29.19'),
      der(0x01, Buffer.from([0xff])),
      der(0x04, sequence(der(0x01, Buffer.from([0xff])))),
    ),
    // subjectAltName IP:127.0.0.1, which Node's hostname check reads.
    sequence(objectId('2.5.29.17'), der(0x04, sequence(der(0x87, Buffer.from([127, 0, 0, 1]))))),
  );
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 60 * 60_000)), utcTime(new Date(now + 24 * 60 * 60_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ecdsaWithSha256, der(0x03, Buffer.from([0]), signature));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
  };
}

// ---- the push service ----------------------------------------------------------------------------

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** Trusts the service's certificate: the app's push `agent`. */
  agent: Agent;
  received: ReceivedPush[];
  /** The status the service answers for a path from now on (201 by default). */
  answer(path: string, status: number): void;
  /** Messages received for one subscription endpoint. */
  receivedBy(endpoint: string): ReceivedPush[];
  close(): Promise<void>;
}

export interface FakePushServiceOptions {
  /** PEM key and certificate (default: a new selfSignedCertificate()); the e2e run makes them before the app starts. */
  identity?: { key: string; cert: string };
  /** Default 0: any free port. */
  port?: number;
}

export async function startFakePushService(options: FakePushServiceOptions = {}): Promise<FakePushService> {
  const { key, cert } = options.identity ?? selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin,
    agent,
    received,
    answer: (path, status) => statuses.set(path, status),
    receivedBy: (endpoint) => received.filter((r) => `${origin}${r.path}` === endpoint),
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- the browser -------------------------------------------------------------------------------

export interface FakeBrowser {
  ecdh: ECDH;
  /** Uncompressed P-256 point (65 bytes): keys.p256dh. */
  publicKey: Buffer;
  /** keys.auth. */
  authSecret: Buffer;
  endpoint: string;
  /** The path of the endpoint on the push service. */
  path: string;
  /** PushSubscription.toJSON(). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function newBrowser(service: { origin: string }): FakeBrowser {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  const endpoint = `${service.origin}${path}`;
  return {
    ecdh,
    publicKey,
    authSecret,
    endpoint,
    path,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
  };
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2: header salt(16) | rs(4) | idlen(1) | keyid (the sender's ephemeral public
 * key), then records of ciphertext + 16-byte tag; the plaintext ends with a delimiter (2 = last record)
 * and zero padding. web-push sends one record.
 */
export function decryptAes128gcm(
  body: Buffer,
  browser: Pick<FakeBrowser, 'ecdh' | 'publicKey' | 'authSecret'>,
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id is ${idLength} bytes, not a P-256 point`);
  if (record.length > recordSize) throw new Error('more than one record');

  const ecdhSecret = browser.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * RFC 8292 §3: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 (signature r || s) and
 * must verify with the application server key the browser subscribed with (`publicKey`).
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  if (match[2] !== publicKey) throw new Error('k is not the expected public key');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID JWT signature does not verify');
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (parsedHeader.alg !== 'ES256') throw new Error(`JWT alg ${parsedHeader.alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}
