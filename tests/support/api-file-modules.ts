/**
 * Setup file of the vitest 'api' project (vitest.config.ts): every test file starts with its own app modules.
 *
 * The project runs its files one after another in one worker process (`isolate: false`) instead of a new
 * process a file: starting Node, Vitest's worker and importing Fastify, pg, Drizzle, zod and the rest of
 * node_modules again for each file was most of the project's import time (64 files then). What isolation gave
 * the API tests is kept: this file runs before each test file and empties the module registry, so the server's
 * modules and the test support (counters, fixtures, the tenant-fixture mock two files set up) are evaluated
 * afresh for the file, as in a new process. What the files still share is what node_modules keeps at its own
 * top level and the process itself (its environment, its listeners): docs/testing.md "Vitest's workers" says
 * what that asks of an API test, and docs/decisions/020-api-test-files-share-a-process.md why it is acceptable.
 */
import { vi } from 'vitest';

vi.resetModules();
