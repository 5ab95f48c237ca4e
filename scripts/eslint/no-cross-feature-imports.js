// @ts-check
// Features do not import each other (docs/architecture.md): a relative import from
// src/client/features/<a>/... may not land in src/client/features/<b>/...
// import-x/no-restricted-paths cannot express "any other sibling", so this small rule does.
import path from 'node:path';

const FEATURES = path.join('src', 'client', 'features') + path.sep;

/** @param {string} file */
function featureOf(file) {
  const i = file.indexOf(FEATURES);
  if (i < 0) return undefined;
  return file.slice(i + FEATURES.length).split(path.sep)[0];
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}': features do not import each other; move the shared piece to components/ or lib/.",
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const spec = String(node.source.value);
        if (!spec.startsWith('.')) return;
        const to = featureOf(path.resolve(path.dirname(context.filename), spec));
        if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
      },
    };
  },
};
