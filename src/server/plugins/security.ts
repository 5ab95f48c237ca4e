/**
 * Security headers on everything served (docs/security.md#headers) and the rate limiter.
 *
 * CSP for a Vite-built SPA: scripts only from our origin (Vite emits <script type="module" src>, no inline
 * script), styles from our origin plus inline style attributes and <style> elements, because Chakra UI's
 * emotion injects them at run time; images may be data:/blob: (receipt previews, uploaded photos before
 * upload); connections only to our API; no framing by anyone (frame-ancestors 'none', clickjacking on a
 * till is a real attack). upgrade-insecure-requests is left out on purpose: a salon serves the app over
 * plain http on its LAN (http://192.168.x.y:3000), and the directive would break every asset there.
 *
 * Rate limits: off globally (a busy till makes many calls); routes opt in with
 * `config: { rateLimit: { max, timeWindow, keyGenerator } }`, as login and PIN checks will (per account).
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Cross-origin isolation headers would block nothing we use and break image previews from blob: URLs
    // in some browsers; the defaults for the rest (nosniff, referrer policy, HSTS over https) stay on.
    crossOriginEmbedderPolicy: false,
    // The legacy header says the same as frame-ancestors 'none' for browsers that predate CSP 2.
    frameguard: { action: 'deny' },
  });
  await app.register(rateLimit, { global: false });
}
