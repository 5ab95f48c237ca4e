/**
 * Rewrites the citations in code comments so they point at docs/ in this repository: `design.md §N` (the product
 * design), `000 §N` / `001 §N` (the two specification files) and "issue N" references all live outside the
 * repository, so a reader of the code cannot follow them. docs/*.md restate those rules in the project's words,
 * each page naming what it restates in its "Sources" line.
 *
 *   npx tsx scripts/cite-docs.ts [--check] [paths...]
 *
 * With no paths it walks src/, machines/, tests/, scripts/, bench/ and the root *.config.* files. Only comments are
 * touched (found with the TypeScript parser, so strings, templates and JSX text are left alone), and a second run
 * changes nothing. `--check` rewrites nothing and lists the files that still cite an outside document.
 *
 * Each section maps to one page, refined by the words around the citation (a `000 §4` next to "queue" is the
 * offline queue, next to "Trash" the sale status). An issue reference is dropped where another citation stands
 * beside it, mapped by its words where one of the pages is about them, and dropped otherwise.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** What an outside citation looks like in a comment: the design file, a specification section, an issue number. */
export const OUTSIDE_CITATION = /design\.md|\b00[01] §\s*\d|\b[Ii]ssues? #?\d+/;

/** The folders and root files whose comments must cite docs/ only. */
export const CITING_ROOTS = ['src', 'machines', 'tests', 'scripts', 'bench'];
const CONFIG_FILE = /^[\w-]+\.config\.[cm]?[jt]s$/;
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.css']);
/** This script and its test name the patterns they look for. */
const SELF = new Set(['scripts/cite-docs.ts', 'tests/unit/doc-citations.test.ts']);

type Rule = readonly [RegExp, string];
interface SectionMap {
  rules: readonly Rule[];
  fallback: string;
}

const API = 'docs/api.md';
const ROLES = 'docs/roles.md';
const SECURITY = 'docs/security.md';
const SALES = 'docs/sales.md';
const PLATFORM = 'docs/platform.md';
const OFFLINE = 'docs/offline.md';
const ARCH = 'docs/architecture.md';
const MONEY = 'docs/money.md';
const FRONT_DESK = 'docs/front-desk.md';
const SETTINGS = 'docs/settings.md';
const BACK_OFFICE = 'docs/back-office.md';

const QUEUE = /queue|queued|purge|replay|\bsync|retr(y|ies)|health|offline|202|request state|flush/i;
const SALE_STATUS = /sale status|status (lifecycle|move)|moves|trash|restore|\bvoid|Refund\(|refunded/i;

/** design.md sections. */
const DESIGN: Record<string, SectionMap> = {
  '1': { rules: [[/PIN|manager/i, `${ROLES}#pin-approvals`]], fallback: OFFLINE },
  '2': { rules: [], fallback: ARCH },
  '3': {
    rules: [
      [
        /path test|paths|replay|diagram|model-based|xstate\/graph|reachable|every state/i,
        `${ARCH}#statecharts`,
      ],
      [/action mode|modal mode|one modal|sale management|manager PIN where/i, `${SALES}#sale-management`],
      [SALE_STATUS, `${SALES}#sale-status`],
    ],
    fallback: `${ARCH}#statecharts`,
  },
  '4': { rules: [], fallback: MONEY },
  '5': {
    rules: [
      [/idempot|same key|same value|kept on retry|generated once/i, `${API}#writes-and-idempotency`],
      [/\b(40[0-9]|409|41[0-9]|422|429|5xx)\b|status code/i, `${API}#status-codes`],
      [/envelope|\bsuccess\b/i, `${API}#the-envelope`],
      [/uuid|duplicate|second create|same sale/i, `${API}#writes-and-idempotency`],
      [/per_page|\bsort\b|filter\[|list dialect|\blists:/i, `${API}#lists`],
      [/recompute|client-sent total|totals?\b/i, `${API}#the-server-recomputes`],
      [/tenant|scop|store/i, `${API}#tenants-and-stores`],
    ],
    fallback: API,
  },
  '6': { rules: [], fallback: OFFLINE },
  '7': { rules: [], fallback: `${ARCH}#data-and-running` },
  '8': {
    rules: [
      [/never (kept|keeps|stored|stores)|PIN itself|is never kept|goes nowhere/i, `${ROLES}#pin-approvals`],
      [/card|last 4|Luhn|brand|CVV/i, `${SECURITY}#card-data`],
      [/throttl|lock/i, `${SECURITY}#throttling`],
      [/header|CSP|sniff/i, `${SECURITY}#headers`],
      [/\brole|module|permission|every route|approv/i, ROLES],
      [/session|token/i, `${SECURITY}#sessions`],
      [/argon|hash|password|PIN/i, `${SECURITY}#passwords-and-pins`],
    ],
    fallback: SECURITY,
  },
  '9': { rules: [], fallback: `${ARCH}#how-the-work-is-judged` },
  '10': { rules: [], fallback: BACK_OFFICE },
};

/** The core specification (000). */
const CORE: Record<string, SectionMap> = {
  '1': { rules: [[/payment/i, `${SALES}#payments`]], fallback: `${PLATFORM}#languages` },
  '2': {
    rules: [
      [/receipt/i, `${SALES}#receipts`],
      [/layout|menu|route|landing|home/i, `${ROLES}#screens-layouts-and-the-menu`],
      [/walk-in|clock|check-in|checked-in|register form/i, FRONT_DESK],
      [/period/i, `${API}#defaults-and-formats`],
      [/report\/order|order report|sale management|Sale management/i, `${SALES}#sale-management`],
      [/sale screen|\/pos\/sales/i, `${SALES}#the-sale-screen`],
    ],
    fallback: `${ROLES}#screens-layouts-and-the-menu`,
  },
  '3': {
    rules: [
      [/queue|queued|IndexedDB/i, `${OFFLINE}#the-queue`],
      [/auth record|login session|browser storage/i, `${SECURITY}#sessions`],
      [/module|permission|feature/i, `${ROLES}#modules-and-flags`],
      [/walk-in/i, FRONT_DESK],
      [/sale-init|sale init|service\/product setting|catalog/i, `${SALES}#the-sale-screen`],
      [/store config|settings|general settings/i, SETTINGS],
      [/session|auth record|login|storage|profile/i, `${SECURITY}#sessions`],
      [/waiting/i, `${SALES}#waiting-tickets`],
      [/payment/i, `${SALES}#payments`],
    ],
    fallback: `${SALES}#the-order`,
  },
  '4': {
    rules: [
      [QUEUE, `${OFFLINE}#the-queue`],
      [/clock in|checked-in/i, FRONT_DESK],
      [/action mode|save all changes|\bmodes?\b/i, `${SALES}#sale-management`],
      [/statuses|status values|Trash|lifecycle|\bSale=|\bvoid\b/i, `${SALES}#sale-status`],
      [
        /logout|log out|login|session|profile|initial.settings|browser storage|saved locally/i,
        `${SECURITY}#sessions`,
      ],
      [/waiting ticket|merge|park|several tickets/i, `${SALES}#waiting-tickets`],
      [/request \(loading\)|request, success|stay in loading/i, `${API}#the-client`],
    ],
    fallback: `${SALES}#editing-the-order`,
  },
  '5': {
    rules: [
      [/queue/i, `${OFFLINE}#the-queue`],
      [/PIN|access|route|report|module/i, `${ROLES}#access-rules`],
      [/refund/i, MONEY],
    ],
    fallback: MONEY,
  },
  '6': {
    rules: [
      [/maximum|employees/i, `${ROLES}#modules-and-flags`],
      [/role-by-code|PIN/i, `${ROLES}#pin-approvals`],
      [/menu/i, `${ROLES}#screens-layouts-and-the-menu`],
      [/roles?\b/i, `${ROLES}#access-rules`],
    ],
    fallback: `${ROLES}#access-rules`,
  },
  '7': {
    rules: [
      [/offline|queue|queued|202/i, `${OFFLINE}#the-queue`],
      [/bearer|Authorization|flattened/i, `${API}#the-client`],
      [
        /Sales management|refund|void|\btip|status|save all|order time|change employee/i,
        `${SALES}#sale-management`,
      ],
      [
        /sale screen|create sale|service\/product|sale init|waiting|customer|gift card/i,
        `${SALES}#the-sale-screen`,
      ],
      [/employee|checked-in|clock/i, FRONT_DESK],
      [/payment/i, `${SALES}#payments`],
      [/auth|login|logout|PIN|profile|password/i, `${API}#endpoints`],
    ],
    fallback: `${API}#the-client`,
  },
  '8': {
    rules: [
      [/queue is full|Cannot sync|Request not found|HTTP \{status\}/i, `${OFFLINE}#the-queue`],
      [/saved offline/i, OFFLINE],
    ],
    fallback: `${API}#the-client`,
  },
  '9': {
    rules: [
      [/queue|sync|flush|retr(y|ies)|batch|health|max age|priorit/i, `${OFFLINE}#the-queue`],
      [/payment type|PAYMENT_TYPE|Momo|VnPay|VietQr|as Cash/i, `${SALES}#payments`],
      [/logout|log out|kept list|keep/i, `${SECURITY}#sessions`],
    ],
    fallback: `${API}#defaults-and-formats`,
  },
};

/** The platform specification (001). */
const PLATFORM_SPEC: Record<string, SectionMap> = {
  '1': { rules: [[/language/i, `${PLATFORM}#languages`]], fallback: `${PLATFORM}#the-installable-app` },
  '2': {
    rules: [
      [/settings dialog|five tabs|debug badge/i, `${PLATFORM}#the-settings-dialog`],
      [/sync|queue|batch/i, `${OFFLINE}#sync-settings`],
      [/status panel|worker tools|Cache Info|Force Reload/i, `${PLATFORM}#worker-tools`],
      [/push/i, `${PLATFORM}#push`],
      [/install/i, `${PLATFORM}#install-prompt`],
      [/update/i, `${PLATFORM}#updates`],
      [/landing|login|route/i, `${ROLES}#screens-layouts-and-the-menu`],
      [/widget|shortcut/i, `${PLATFORM}#the-installable-app`],
    ],
    fallback: `${PLATFORM}#the-settings-dialog`,
  },
  '3': {
    rules: [
      [/sync|queue/i, `${OFFLINE}#sync-settings`],
      [/push|notification/i, `${PLATFORM}#push`],
      [/module|permission|feature/i, `${ROLES}#modules-and-flags`],
      [/cache/i, `${PLATFORM}#caches`],
      [/widget|shortcut/i, `${PLATFORM}#the-installable-app`],
      [/store settings|settings update|code list|login-profile|\bcodes\b/i, SETTINGS],
    ],
    fallback: PLATFORM,
  },
  '4': {
    rules: [
      [/clock in|checked-in/i, FRONT_DESK],
      [
        /settings? (is )?saved|after saving|profile cache|initial cache|cache entries are cleared/i,
        `${SETTINGS}#caches-a-save-clears`,
      ],
      [/push|permission/i, `${PLATFORM}#push`],
      [/install|appinstalled|standalone/i, `${PLATFORM}#install-prompt`],
      [/local data|prefixes|app-, pos-|version change\b|version check/i, `${PLATFORM}#start-up`],
      [/update|flag|skip waiting|reload/i, `${PLATFORM}#updates`],
      [/startup|start-up|init|retries|back.?off/i, `${PLATFORM}#start-up`],
      [/strateg|network-first|cache-first|stale-while|cache-only|network-only|503/i, `${PLATFORM}#caches`],
      [/request, success|back-office call/i, `${API}#the-client`],
    ],
    fallback: PLATFORM,
  },
  '5': {
    rules: [
      [/widget|shortcut/i, `${PLATFORM}#the-installable-app`],
      [/cache|strategy|requires name/i, `${PLATFORM}#caches`],
      [/push|permission|notification/i, `${PLATFORM}#push`],
      [/sync|batch|max age|interval|retry/i, `${OFFLINE}#sync-settings`],
    ],
    fallback: PLATFORM,
  },
  '6': { rules: [], fallback: ROLES },
  '7': {
    rules: [
      [/push/i, `${PLATFORM}#push`],
      [/locales|translation|namespace|i18n/i, `${PLATFORM}#languages`],
      [
        /worker message|GET_VERSION|SKIP_WAITING|VERSION_CHANGED|messages? (between|to|from)|not HTTP|spec's messages|service.worker/i,
        `${PLATFORM}#worker-tools`,
      ],
      [/store-settings|\bsettings\b|\/codes|\/media|support\/ordering/i, SETTINGS],
      [/payments|momo|vietqr|vnpay/i, `${SALES}#payments`],
      [/pos\/sales/i, `${SALES}#sale-management`],
      [/walk-in|employees/i, FRONT_DESK],
      [/timeout/i, `${API}#the-client`],
    ],
    fallback: `${API}#endpoints`,
  },
  '8': {
    rules: [
      [/push/i, `${PLATFORM}#push`],
      [/translation|locales/i, `${PLATFORM}#languages`],
      [/cach/i, `${PLATFORM}#caches`],
      [/update/i, `${PLATFORM}#updates`],
      [/banner|start/i, `${PLATFORM}#start-up`],
      [/worker|Service Worker/i, `${PLATFORM}#worker-tools`],
      [/toast/i, `${API}#the-client`],
    ],
    fallback: PLATFORM,
  },
  '9': {
    rules: [
      [/translation|locales/i, `${PLATFORM}#languages`],
      [/install|banner|auto-show|instruction/i, `${PLATFORM}#install-prompt`],
      [/time-?outs?|responsive/i, `${PLATFORM}#worker-tools`],
      [/cache/i, `${PLATFORM}#caches`],
      [/update|flag/i, `${PLATFORM}#updates`],
      [/page size|per page/i, `${API}#lists`],
      [/timeout|\binit/i, `${PLATFORM}#worker-tools`],
    ],
    fallback: PLATFORM,
  },
};

/** Sentences about the outside documents themselves, said about our own rules instead. */
const PHRASES: ReadonlyArray<readonly [RegExp, string | ((match: string) => string)]> = [
  [/(?:spec )?000 §5 says nothing of PINs; ours/g, 'Ours'],
  [/\(000 §6 names admin and owner; design\.md §8 adds manager and staff\)/g, `(${ROLES}#roles)`],
  [
    /\(design\.md §3; spec 000 §4 names the statuses and actions but not which may follow\s*(\*\s*)?which\)/g,
    `(${SALES}#sale-status)`,
  ],
  [
    /switches of design\.md's tax rule as docs\/money\.md words it/g,
    'switches of the tax rule as docs/money.md words it',
  ],
  [/neither the spec nor design\.md asks for one/g, 'no rule asks for one'],
  // What an issue asked for, said without the issue.
  [/ recorded as issue \d+ asks\./g, ' recorded.'],
  [/issue \d+ asks (?=[<≤\d])/g, 'the target is '],
  [/\(?issue \d+ target: /g, (m: string) => (m.startsWith('(') ? '(target: ' : 'target: ')],
  [/ \((?:another part of|brief of) issue \d+\)/g, ''],
  [/issue (\d+)'s drain target/g, `the drain target of ${OFFLINE}#speed`],
  [/ of issue \d+ \("Tests": /g, ' ('],
  [/ of issue \d+ \("Tests", first bullet\)/g, ''],
  [/ (?:of|in|by) issue \d+\b/g, ''],
  [/\s*\(issue \d+ "[^"]*"(?:\s|\*)+and "[^"]*"\)/g, ''],
  [/ and the issue's deviation/g, ''],
];

const DOC_TOKEN =
  /(?:(?:the )?spec(?:ification)? )?(?:(design\.md)(?:(?:[\s*]|\/\/)+§\s*(\d+)(?:\.\d+)?)?|\b(00[01])(?:[\s*]|\/\/)+§\s*(\d+)(?:\.\d+)?)|§\s*(\d+)(?:\.\d+)?/g;
/** Marks a dropped reference until tidy() removes it with its separator (a private-use character). */
const DROPPED = '\uE000';
const ISSUE_TOKEN =
  /\b[Ii]ssues? #?\d+(?:(?:\s|\*)+(?:items?|part|tests?)\s+\d+(?:(?:,|\s+and|-)\s*\d+)*)?(?:(?:\s|\*)+"[^"\n]*")?/g;

/** The page of a section: the first rule matching the narrowest context that any rule matches, else its fallback. */
function mapSection(doc: string, section: string | undefined, contexts: readonly string[]): string {
  const table = doc === 'design.md' ? DESIGN : doc === '000' ? CORE : PLATFORM_SPEC;
  const entry = section === undefined ? undefined : table[section];
  if (!entry) return doc === 'design.md' ? ARCH : API;
  for (const context of contexts) {
    for (const [pattern, target] of entry.rules) if (pattern.test(context)) return target;
  }
  return entry.fallback;
}

/**
 * The words a citation is about, narrowest first: what follows it up to the next separator (often a quote of the
 * rule), the file's name for the platform specification (whose files are named after what they do), the line,
 * and the line before it.
 */
function contextsAt(text: string, offset: number, length: number, doc: string, fileName: string): string[] {
  const after = /^[^;,()]*(?:\([^)]*\)[^;,()]*)*/.exec(text.slice(offset + length))?.[0] ?? '';
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const previousStart = lineStart > 0 ? text.lastIndexOf('\n', lineStart - 2) + 1 : 0;
  const lineEnd = text.indexOf('\n', offset);
  const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
  const previous = text.slice(previousStart, lineStart);
  const name = fileName.replace(/^.*\//, '').replace(/[-.]/g, ' ');
  if (doc === '001') return [after, name, line, previous + line];
  if (doc === '000') return [after, line, name, previous + line];
  return [after, line, previous + line];
}

/** Rewrites the citations of one comment (its full text, delimiters included). */
export function rewriteComment(comment: string, fileName = '', indent: string | null = ''): string {
  let text = comment;
  for (const [pattern, replacement] of PHRASES) {
    text = text.replace(pattern, replacement as (match: string) => string);
  }

  // Design and specification sections: each becomes its docs page; a bare § belongs to the document named last.
  let lastDoc: string | null = null;
  const original = text;
  text = text.replace(
    DOC_TOKEN,
    (
      match: string,
      design: string | undefined,
      designSection: string | undefined,
      spec: string | undefined,
      specSection: string | undefined,
      bare: string | undefined,
      offset: number,
    ) => {
      const doc = design ?? spec;
      if (doc) {
        lastDoc = doc;
        const contexts = contextsAt(original, offset, match.length, doc, fileName);
        return mapSection(doc, designSection ?? specSection, contexts);
      }
      // A § after one of our own documents, an RFC or an ADR is theirs, not the last outside document's.
      if (!lastDoc || /(?:\.md|RFC \d+|ADR \d+)\s*$/.test(original.slice(Math.max(0, offset - 30), offset))) {
        return match;
      }
      return mapSection(lastDoc, bare, contextsAt(original, offset, match.length, lastDoc, fileName));
    },
  );

  // Issue references say where a requirement came from, not what it is: dropped. A speed target keeps its word.
  const mapped = text;
  text = text.replace(ISSUE_TOKEN, (match: string, offset: number) =>
    /"Speed"$/.test(match) && mapped[offset + match.length] === ':' ? 'target' : DROPPED,
  );
  return indent === null ? tidy(text) : rewrap(tidy(text), comment, indent);
}

/** Removes the dropped references with their separators, and repeats of one page in a row. */
function tidy(text: string): string {
  let out = text;
  // A dropped reference and the separator before it, or after it when it opens its clause.
  out = out.replace(/[;,](?:\s|\*)*\uE000(:?)/g, (_, colon: string) => colon);
  out = out.replace(/\(\s*\uE000\s*[;,]\s*/g, '(');
  out = out.replace(/\s*\(\s*\uE000\s*\)/g, '');
  out = out.replace(/\(\s*\uE000\s*:\s*/g, '(');
  out = out.replace(/\(\s*\uE000\s+/g, '(');
  out = out.replace(/\uE000\s*[;,]\s*/g, '');
  out = out.replace(/\uE000:\s*/g, '');
  out = out.replace(/ ?\uE000/g, '');
  // One page cited twice in a row: `docs/a.md, docs/a.md` or `docs/a.md#x; docs/a.md#x`.
  out = out.replace(/(docs\/[\w./-]+(?:#[\w-]+)?)((?:\s*(?:[,;/]|and)\s*\1(?![\w#-]))+)/g, '$1');
  // The page and the same page at one of its sections: the section says more.
  out = out.replace(/(docs\/[\w./-]+\.md)\s*[,;]\s*(\1#[\w-]+)/g, '$2');
  out = out.replace(/(docs\/[\w./-]+\.md)(#[\w-]+)\s*[,;]\s*\1(?![\w#-])/g, '$1$2');
  // A line left with only its closing punctuation: the punctuation goes back to the line before.
  out = out.replace(/\n[ \t]*\*[ \t]*([.;,:])[ \t]*(?=\n)/g, '$1');
  return out;
}

const WIDTH = 110;

/**
 * Lines the rewrite made longer than the width carry their end over to the next line of the same paragraph (which
 * may then carry its own end on), or to a new line when the paragraph ends there.
 */
function rewrap(out: string, before: string, indent: string): string {
  if (out === before) return out;
  const untouched = new Set(before.split('\n'));
  const lines = out.split('\n');
  const dirty = lines.map((line) => !untouched.has(line));
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.length <= WIDTH || !dirty[i]) continue;
    const own = /^(\s*(?:\*|\/\/)\s?)/.exec(line)?.[1];
    if (own === undefined) continue;
    // The first line of a comment starts at its column, which the comment's text does not hold.
    const prefix = i === 0 ? indent + own : own;
    const cut = line.lastIndexOf(' ', WIDTH - (i === 0 ? indent.length : 0));
    if (cut <= own.length) continue;
    const head = line.slice(0, cut);
    const rest = line.slice(cut + 1);
    const hanging =
      /^(\s*(?:\*|\/\/)\s?)(\s*(?:[-*] |\d+\. )?)/.exec(line)?.[2]?.replace(/[^\s]/g, ' ') ?? '';
    const next = lines[i + 1];
    const body = next?.slice(prefix.length + hanging.length) ?? '';
    const continues =
      next !== undefined &&
      next.startsWith(prefix + hanging) &&
      !['*', '*/', '//', ''].includes(next.trim()) &&
      !next.trim().endsWith('*/') &&
      !/^\s*(?:[-*|] |\d+\. )/.test(body) &&
      !/^\s/.test(body);
    lines[i] = head.trimEnd();
    if (continues) {
      lines[i + 1] = `${prefix}${hanging}${rest} ${body}`;
      dirty[i + 1] = true;
    } else {
      lines.splice(i + 1, 0, `${prefix}${hanging}${rest}`);
      dirty.splice(i + 1, 0, true);
    }
  }
  return lines.join('\n');
}

const EMPTY_HOLDERS = new Set([
  ts.SyntaxKind.Block,
  ts.SyntaxKind.JsxExpression,
  ts.SyntaxKind.ObjectLiteralExpression,
  ts.SyntaxKind.ArrayLiteralExpression,
  ts.SyntaxKind.ModuleBlock,
  ts.SyntaxKind.CaseBlock,
  ts.SyntaxKind.TypeLiteral,
]);

/** The comments of a source file: [start, end) offsets, found by the TypeScript parser (or CSS's only syntax). */
export function commentRanges(fileName: string, source: string): Array<readonly [number, number]> {
  if (extname(fileName) === '.css') {
    return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => [m.index, m.index + m[0].length] as const);
  }
  const kind = /\.[cm]?tsx$|\.jsx$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.[cm]?js$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, number>();
  const note = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) seen.set(range.pos, range.end);
  };
  // Every comment is trivia before or after some node's edge: the comments on the line an edge is on, and those
  // on the lines after it up to the next token. Walking nodes (not tokens) keeps this fast.
  const edge = (pos: number): void => {
    note(ts.getLeadingCommentRanges(source, pos));
    note(ts.getTrailingCommentRanges(source, pos));
  };
  const jsxText: Array<readonly [number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxText.push([node.pos, node.end]);
      return;
    }
    edge(node.pos);
    edge(node.end);
    let children = 0;
    ts.forEachChild(node, (child) => {
      children += 1;
      visit(child);
      // A comment after a list's separator (`item, // why`) is trivia of the token that follows.
      if (source[child.end] === ',' || source[child.end] === ';') edge(child.end + 1);
    });
    // A node with nothing inside but its own punctuation (`{ /* ... */ }`, a JSX `{/* ... */}`) holds its
    // comments between its tokens.
    if (children === 0 && EMPTY_HOLDERS.has(node.kind)) {
      const start = node.getStart(file);
      for (const m of source.slice(start, node.end).matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)) {
        seen.set(start + m.index, start + m.index + m[0].length);
      }
    }
  };
  visit(file);
  // Text between JSX tags is not code: a `//` in it (a URL) is text.
  const inText = (pos: number): boolean => jsxText.some(([start, end]) => pos >= start && pos < end);
  return [...seen.entries()]
    .filter(([pos]) => !inText(pos))
    .sort((a, b) => a[0] - b[0])
    .map(([pos, end]) => [pos, end] as const);
}

/** The source with every comment's citations rewritten; code and strings unchanged. */
export function rewriteSource(fileName: string, source: string): string {
  if (!OUTSIDE_CITATION.test(source) && !PHRASES.some(([p]) => new RegExp(p.source).test(source)))
    return source;
  let out = source;
  for (const [pos, end] of commentRanges(fileName, source).reverse()) {
    const comment = source.slice(pos, end);
    if (!OUTSIDE_CITATION.test(comment) && !PHRASES.some(([p]) => new RegExp(p.source).test(comment)))
      continue;
    // A comment alone on its line may grow new lines at its column; one after code is left long instead.
    const before = source.slice(source.lastIndexOf('\n', pos - 1) + 1, pos);
    const indent = /^\s*$/.test(before) ? before : null;
    out = out.slice(0, pos) + rewriteComment(comment, fileName, indent) + out.slice(end);
  }
  return out;
}

/** The comments of a file that still cite an outside document, with their line numbers. */
export function outsideCitations(fileName: string, source: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  if (!OUTSIDE_CITATION.test(source)) return found;
  for (const [pos, end] of commentRanges(fileName, source)) {
    const comment = source.slice(pos, end);
    comment.split('\n').forEach((text, index) => {
      if (OUTSIDE_CITATION.test(text)) {
        found.push({ line: source.slice(0, pos).split('\n').length + index, text: text.trim() });
      }
    });
  }
  return found;
}

/** The source files under `dir` (a path relative to `root`), relative to `root`. */
function filesUnder(root: string, dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) files.push(...filesUnder(root, path));
    else if (SOURCE_EXTENSIONS.has(extname(name)) && !SELF.has(path)) files.push(path);
  }
  return files;
}

/** The anchor a markdown heading gets (GitHub's rule): lower case, punctuation dropped, spaces to dashes. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The docs pages and sections comments cite: `docs/x.md` or `docs/x.md#anchor`. */
export const DOCS_LINK = /\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g;

/** Every file whose comments must cite docs/ only, relative to `root`. */
export function citingFiles(root: string): string[] {
  const files = CITING_ROOTS.filter((dir) =>
    statSync(join(root, dir), { throwIfNoEntry: false })?.isDirectory(),
  ).flatMap((dir) => filesUnder(root, dir));
  for (const name of readdirSync(root)) if (CONFIG_FILE.test(name)) files.push(name);
  return files.sort();
}

function main(argv: readonly string[]): void {
  const check = argv.includes('--check');
  const paths = argv.filter((a) => a !== '--check');
  const root = process.cwd();
  const files = paths.length
    ? paths.flatMap((p) => (statSync(p).isDirectory() ? filesUnder(root, relative(root, p) || '.') : [p]))
    : citingFiles(root);
  let changed = 0;
  let remaining = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    if (check) {
      const left = outsideCitations(file, source);
      remaining += left.length;
      for (const { line, text } of left) console.log(`${file}:${line}: ${text}`);
      continue;
    }
    const next = rewriteSource(file, source);
    if (next !== source) {
      writeFileSync(file, next);
      changed += 1;
    }
    for (const { line, text } of outsideCitations(file, next)) {
      remaining += 1;
      console.log(`left as is: ${file}:${line}: ${text}`);
    }
  }
  if (check) {
    console.log(remaining ? `${remaining} comment lines cite outside documents` : 'comments cite docs/ only');
    process.exitCode = remaining ? 1 : 0;
  } else {
    console.log(`${changed} files rewritten; ${remaining} comment lines left to rewrite by hand`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
