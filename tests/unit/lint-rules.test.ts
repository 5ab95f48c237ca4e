/**
 * The layer rules of docs/architecture.md are enforced by ESLint (eslint.config.js). These tests lint small
 * snippets as if they sat at a given path, so a rule that stops firing (a config edit, a plugin upgrade)
 * fails here, not in review.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// The first lint loads the whole config and its plugins: seconds on a busy 2-core machine.
describe('layer import rules', { timeout: 30_000 }, () => {
  it('refuse a domain file importing a machine', async () => {
    const ids = await ruleIdsFor(
      'src/domain/wrong.ts',
      "import { saleMachine } from '../../machines/sale/sale.machine';\nexport const m = saleMachine;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuse a domain file importing xstate or React', async () => {
    expect(
      await ruleIdsFor('src/domain/wrong.ts', "import { setup } from 'xstate';\nexport const s = setup;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIdsFor(
        'src/domain/wrong.ts',
        "import { useState } from 'react';\nexport const u = useState;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('refuse a machine importing the client, React or using storage', async () => {
    expect(
      await ruleIdsFor(
        'machines/sale/wrong.ts',
        "import { ROUTES } from '../../src/client/app/routes';\nexport const p = ROUTES;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIdsFor(
        'machines/sale/wrong.ts',
        "import { ofetch } from 'ofetch';\nexport const f = ofetch;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIdsFor('machines/sale/wrong.ts', "export const k = localStorage.getItem('k');\n"),
    ).toContain('no-restricted-globals');
  });

  it('let a machine import the domain', async () => {
    const ids = await ruleIdsFor(
      'machines/sale/fine.ts',
      "import { createOrder } from '../../src/domain/order-editing';\nexport const o = createOrder;\n",
    );
    expect(ids).toEqual([]);
  });

  it('refuse the client importing the server and the server importing the client', async () => {
    expect(
      await ruleIdsFor(
        'src/client/app/wrong.ts',
        "import { buildApp } from '../../server/app';\nexport const b = buildApp;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIdsFor(
        'src/server/wrong.ts',
        "import { ROUTES } from '../client/app/routes';\nexport const p = ROUTES;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('refuse product code importing test support, and let tests and fixtures import it', async () => {
    const fakeFetch =
      "import { json } from '../../../../tests/support/client/fake-fetch';\nexport const j = json;\n";
    expect(await ruleIdsFor('src/client/lib/api/wrong.ts', fakeFetch)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await ruleIdsFor(
        'machines/resource/wrong.ts',
        "import { aRow } from './resource.fixtures';\nexport const r = aRow;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsFor('src/client/lib/api/fine.test.ts', fakeFetch)).toEqual([]);
    expect(
      await ruleIdsFor(
        'machines/resource/fine.test.ts',
        "import { aRow } from './resource.fixtures';\nexport const r = aRow;\n",
      ),
    ).toEqual([]);
  });

  it('refuse one feature importing another', async () => {
    const ids = await ruleIdsFor(
      'src/client/features/sale/wrong.ts',
      "import { x } from '../reports/x';\nexport const y = x;\n",
    );
    expect(ids).toContain('local/no-cross-feature-imports');
  });

  it('refuse a feature, a component or lib importing app/, and let app/ import features', async () => {
    for (const [file, spec] of [
      ['src/client/features/sale/wrong.ts', '../../app/auth'],
      ['src/client/features/sale/tendering/wrong.ts', '../../../app/tendering-actors'],
      ['src/client/components/receipt/wrong.ts', '../../app/receipt-actors'],
      ['src/client/lib/api/wrong.ts', '../../app/session'],
    ] as const) {
      const ids = await ruleIdsFor(file, `import { x } from '${spec}';\nexport const y = x;\n`);
      expect(ids, file).toContain('import-x/no-restricted-paths');
    }
    expect(
      await ruleIdsFor(
        'src/client/app/areas/wrong.ts',
        "import { x } from '../../features/sale/sale-screen';\nexport const y = x;\n",
      ),
    ).not.toContain('import-x/no-restricted-paths');
  });
});

describe('unit-project test rules', { timeout: 30_000 }, () => {
  it('refuse a module mock in a unit test, not in an API test', async () => {
    const code = "import { vi } from 'vitest';\nvi.mock('./x', () => ({}));\n";
    expect(await ruleIdsFor('src/client/lib/wrong.test.ts', code)).toContain('no-restricted-syntax');
    expect(await ruleIdsFor('src/server/routes/fine.test.ts', code)).not.toContain('no-restricted-syntax');
  });
});
