/**
 * Settings routes (docs/settings.md; the catalogue's "Store settings", "Settings", "Codes", "Media" and
 * "Ordering" paths). Module Setting: owner, admin and manager read, owner and admin write (SETTINGS_ROLES);
 * every write takes an Idempotency-Key and writes an audit row. Services: src/server/services/settings/.
 */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { initialSettingsSchema, storeSettingsSchema } from '../../../contracts/auth';
import {
  codesQuery,
  codesSchema,
  connectPaymentBody,
  mediaQuery,
  orderingParams,
  orderingSchema,
  settingsDocumentSchema,
  settingsGroupBody,
  settingsDocumentBody,
  settingsStoreIdParams,
  settingsSavedSchema,
  storeIdQuery,
  storeSettingsGroupParams,
  updateManyBody,
} from '../../../contracts/settings';
import { MODULE, ROLE } from '../../../domain/constants';
import { requireAuth } from '../../auth-context';
import type { AuthContext } from '../../auth-context';
import { SETTINGS_ROLES } from '../../auth/access';
import type { SessionAccess } from '../../auth/access';
import type { Queryable } from '../../db/client';
import { scopeStoreId } from '../../db/scoped';
import { BACK_OFFICE_ROLES } from '../../resources/resource-factory';
import { rawResponse, route } from '../../route';
import { codes, ordering } from '../../services/settings/codes';
import { settingsDocument } from '../../services/settings/document';
import { initialSettings, storeSettings } from '../../services/settings/initial';
import { readMedia } from '../../services/settings/media';
import {
  connectPaymentSetting,
  updateManySettings,
  updateSettingsDocument,
  updateSettingsGroup,
} from '../../services/settings/update';

const TAGS = ['settings'];

/** Managers see the settings; only owners and admins change them. */
export const SETTINGS_READ: SessionAccess = {
  module: MODULE.SETTING,
  roles: [ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER],
};
export const SETTINGS_WRITE: SessionAccess = { module: MODULE.SETTING, write: true, roles: SETTINGS_ROLES };

const WRITE = {
  access: SETTINGS_WRITE,
  idempotency: { required: true },
  tags: TAGS,
  message: 'Settings saved.',
};

/** A read any live session may make about its own store (what the client caches at start). */
function sessionRead<D extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  summary: string,
  data: D,
  read: (db: Queryable, auth: AuthContext) => Promise<z.output<D>>,
): void {
  route(app, {
    method: 'GET',
    url,
    summary,
    tags: TAGS,
    access: { module: null },
    data,
    handler: ({ db, request }) => read(db, requireAuth(request)),
  });
}

export function registerSettingsRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: '/api/settings',
    summary: "Every settings group of the session's store (provider secrets never: only whether each is set)",
    tags: TAGS,
    access: SETTINGS_READ,
    data: settingsDocumentSchema,
    handler: ({ db, request }) => {
      const auth = requireAuth(request);
      return settingsDocument(db, auth, scopeStoreId(auth));
    },
  });

  sessionRead(
    app,
    '/api/settings/initial',
    "The session's initial settings (store and general), as at login",
    initialSettingsSchema,
    initialSettings,
  );

  route(app, {
    method: 'GET',
    url: '/api/settings/:id',
    summary: 'Every settings group of store {id} (the session store)',
    tags: TAGS,
    access: SETTINGS_READ,
    params: settingsStoreIdParams,
    data: settingsDocumentSchema,
    handler: ({ db, params, request }) => settingsDocument(db, requireAuth(request), params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/settings/:id',
    summary: 'Update groups of store {id}, keyed by code, in one transaction (all or none)',
    ...WRITE,
    params: settingsStoreIdParams,
    body: settingsDocumentBody,
    data: settingsSavedSchema,
    handler: ({ body, db, params, request }) =>
      updateSettingsDocument(db, requireAuth(request), params.id, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/store-settings',
    summary: 'Every settings group of a store of the session (store_id, default the session store)',
    tags: TAGS,
    access: SETTINGS_READ,
    querystring: storeIdQuery,
    data: settingsDocumentSchema,
    handler: ({ db, query, request }) => {
      const auth = requireAuth(request);
      return settingsDocument(db, auth, query.store_id ?? scopeStoreId(auth));
    },
  });

  sessionRead(
    app,
    '/api/store-settings/initial',
    "The store settings of the session's store, as at login (the store initial cache)",
    storeSettingsSchema,
    (db, auth) => storeSettings(db, auth, scopeStoreId(auth)),
  );

  route(app, {
    method: 'POST',
    url: '/api/store-settings/update-many',
    summary: 'Update several settings groups of a store in one transaction (all or none)',
    ...WRITE,
    body: updateManyBody,
    data: settingsSavedSchema,
    handler: ({ body, db, request }) =>
      updateManySettings(db, requireAuth(request), body.store_id, body.settings),
  });

  route(app, {
    method: 'POST',
    url: '/api/store-settings/connect-payment-setting',
    summary: "Store a payment provider's keys for a store (momo, vnpay, vietqr); never sent back",
    ...WRITE,
    body: connectPaymentBody,
    data: settingsSavedSchema,
    handler: ({ body, db, request }) => connectPaymentSetting(db, requireAuth(request), body),
  });

  route(app, {
    method: 'POST',
    url: '/api/store-settings/:store_id/:code',
    summary: 'Update one settings group of a store by its code (multipart fields or JSON)',
    ...WRITE,
    params: storeSettingsGroupParams,
    body: settingsGroupBody,
    data: settingsSavedSchema,
    handler: ({ body, db, params, request }) =>
      updateSettingsGroup(db, requireAuth(request), params.store_id, params.code, body),
  });

  route(app, {
    method: 'GET',
    url: '/api/codes',
    summary: 'A code list by codeName, or one entry of it by keyCodeName',
    tags: TAGS,
    access: { module: null },
    querystring: codesQuery,
    data: codesSchema,
    handler: async ({ query }) => codes(query),
  });

  route(app, {
    method: 'GET',
    url: '/api/media',
    summary: "An uploaded image of the caller's tenant (the stored path), with the type its bytes prove",
    tags: TAGS,
    access: { module: null },
    querystring: mediaQuery,
    data: z.string(),
    handler: async ({ query, request }) => {
      const file = await readMedia(request.server.mediaDir, requireAuth(request), query.path);
      return rawResponse(file.contentType, Readable.from([file.bytes]), {
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        'cache-control': 'private, max-age=3600',
        'content-security-policy': "default-src 'none'",
      });
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/support/ordering/:model',
    summary: "A catalog model's rows of the session's store in display order",
    tags: ['back-office'],
    access: { module: MODULE.BACK_OFFICE, roles: BACK_OFFICE_ROLES },
    params: orderingParams,
    data: orderingSchema,
    handler: ({ db, params, request }) => ordering(db, requireAuth(request), params.model),
  });
}
