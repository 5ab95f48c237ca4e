import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:3000, embedded PostgreSQL on 5433 in ./data, the client from dist/client', () => {
    expect(loadConfig({}, '/srv/salon')).toEqual({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: null,
      dataDir: path.resolve('/srv/salon/data'),
      dataDirExplicit: false,
      embeddedPgPort: 5433,
      clientDir: path.resolve('/srv/salon/dist/client'),
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('takes DATABASE_URL, HOST, PORT and directories from the environment', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://u:p@db:5432/salon',
        HOST: '0.0.0.0',
        PORT: '8080',
        DATA_DIR: '/var/salon',
        TRUST_PROXY: 'true',
      },
      '/srv/salon',
    );
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u:p@db:5432/salon',
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/var/salon',
      dataDirExplicit: true,
      trustProxy: true,
    });
  });

  it('fails loudly on a value it cannot use', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
