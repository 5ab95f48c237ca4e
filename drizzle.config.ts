// drizzle-kit reads the schema and writes SQL migrations OFFLINE (`npm run db:generate`): no database is
// needed to generate, and the generated SQL plus meta/ are committed. The server applies them at start
// under an advisory lock (src/server/db/migrate.ts, ADR 004); `drizzle-kit migrate/push` are not used.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
