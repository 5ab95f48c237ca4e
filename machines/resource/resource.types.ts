import type { Page } from '../../src/contracts/envelope';
import type {
  BulkAction,
  BulkResult,
  ImportMode,
  ImportResult,
  InUseDetail,
  ResourceListQuery,
} from '../../src/contracts/resource';

/** A row of any back-office resource: the machine needs only its id; the screen's config knows the rest. */
export interface ResourceRow {
  id: number;
  [field: string]: unknown;
}

/** What the editor holds: field name → value as the form has it (the config's zod schema parses it). */
export type FormValues = Record<string, unknown>;

/**
 * One problem with one field, in a form the screen can translate: `code` is a zod issue code
 * (`too_small`, `invalid_format`...), `duplicate` for a 409 on a unique value, or `server` for a server text
 * with no code; `params` are the issue's figures (`minimum`, `maximum`) for the translation.
 */
export interface FieldIssue {
  code: string;
  message: string;
  params?: Record<string, string | number>;
}
export type FieldIssues = Record<string, FieldIssue[]>;

/**
 * What went wrong, read from whatever an actor rejected with (the client's ApiError or anything else):
 * `code` is the server's error code (src/contracts/error-codes.ts) when it sent one; `kind` the screen's own
 * fallback when there is no code to translate.
 */
export type ResourceErrorKind =
  | 'offline'
  | 'timeout'
  | 'validation'
  | 'conflict'
  | 'notFound'
  | 'forbidden'
  | 'tooLarge'
  | 'server'
  | 'unknown';

export interface ResourceError {
  kind: ResourceErrorKind;
  status: number;
  code: string | null;
  message: string;
  /** A 422's (or a duplicate 409's) field messages, keyed by field path. */
  fieldErrors: FieldIssues | null;
  /** A refused delete: what still uses the row. */
  inUse: InUseDetail | null;
}

/** The list query the machine keeps (the one dialect of src/contracts/envelope.ts plus search). */
export interface ListState {
  page: number;
  perPage: number;
  /** `name` or `-name`; null: the server's default order. */
  sort: string | null;
  search: string;
  filter: Record<string, string>;
}

export type FetchPageInput = Required<Pick<ResourceListQuery, 'page' | 'per_page'>> &
  Pick<ResourceListQuery, 'sort' | 'search' | 'filter'>;

export interface FetchOneInput {
  id: number;
}

/** One save: `id` null creates, else updates; the key is one per intent (docs/decisions/005-idempotency-keys.md), reused on retry. */
export interface SaveInput {
  id: number | null;
  values: FormValues;
  idempotencyKey: string;
}

/** A save the server made, or one the offline queue took to send later (no row yet). */
export type SaveOutput = { queued: false; row: ResourceRow } | { queued: true };

export interface RemoveInput {
  id: number;
  idempotencyKey: string;
}

/** Which way a row moves in its list's display order (docs/back-office.md "Row actions"). */
export type MoveDirection = 'up' | 'down';

/**
 * One move: the row, the way, and the rows as listed now (the neighbour and its order come from them). The
 * key is the move's intent; each write of the move derives its own from it.
 */
export interface MoveInput {
  id: number;
  direction: MoveDirection;
  rows: ResourceRow[];
  idempotencyKey: string;
}

export interface BulkInput {
  action: BulkAction;
  ids: number[];
  idempotencyKey: string;
}

/**
 * The chosen CSV. The machine never reads it: it only hands it to the parse and import actors, so the type
 * is the little the screen shows about it.
 */
export interface ImportFile {
  name: string;
  size: number;
}

/** How far a long step got: `loaded` of `total` (bytes or rows); `total` null when unknown. */
export interface Progress {
  loaded: number;
  total: number | null;
}

/** Sends progress back to the machine while a parse, upload or download runs. */
export interface ProgressReporter {
  send: (event: ResourceEvent) => void;
}

export interface ParseFileInput {
  file: ImportFile;
  parent: ProgressReporter;
}

/** What the browser read of the CSV before any upload: its columns, a few rows to show, and its own errors. */
export interface ParsedFile {
  columns: string[];
  sample: Array<Record<string, string>>;
  totalRows: number;
  /** Missing required columns, unreadable lines (row 0: the header). */
  errors: ImportResult['errors'];
}

export interface ImportFileInput {
  file: ImportFile;
  mode: ImportMode;
  idempotencyKey: string;
  parent: ProgressReporter;
}

export interface ExportFileInput {
  query: Omit<FetchPageInput, 'page' | 'per_page'>;
  parent: ProgressReporter;
}

export interface ResourceInput {
  /** The resource's name (`units`): for messages only; the actors know their own URLs. */
  resource: string;
  perPage?: number;
  sort?: string | null;
  /** The list starts searched for this (a link's `?search=`: a shortcut, a duplicate's holder). */
  search?: string;
}

export interface ResourceContext {
  resource: string;
  list: ListState;
  /** What the search box holds, applied to `list.search` after the debounce or on Enter. */
  searchText: string;
  items: ResourceRow[];
  total: number;
  listError: ResourceError | null;
  /** Selected ids, always among `items` (a reload drops ids no longer shown). */
  selected: number[];
  bulk: {
    action: BulkAction | null;
    ids: number[];
    idempotencyKey: string | null;
    result: BulkResult | null;
    error: ResourceError | null;
  };
  removal: {
    id: number | null;
    idempotencyKey: string | null;
    error: ResourceError | null;
  };
  /** The row action whose panel is open (the config's `rowActions[].id`) and its row; both null when none. */
  rowAction: {
    action: string | null;
    id: number | null;
  };
  /** A move up or down of one row in the display order. */
  ordering: {
    id: number | null;
    direction: MoveDirection | null;
    idempotencyKey: string | null;
    error: ResourceError | null;
  };
  editor: {
    /** null: a new row. */
    id: number | null;
    values: FormValues;
    /** Parsed values (the schema's output) handed to save. */
    parsed: FormValues | null;
    fieldErrors: FieldIssues;
    error: ResourceError | null;
    /** The key of saving exactly these values; a change of any value drops it (docs/decisions/005-idempotency-keys.md). */
    idempotencyKey: string | null;
    queued: boolean;
  };
  import: {
    file: ImportFile | null;
    idempotencyKey: string | null;
    progress: Progress | null;
    parsed: ParsedFile | null;
    /** The server's dry run, then its commit answer. */
    result: ImportResult | null;
    error: ResourceError | null;
  };
  export: {
    progress: Progress | null;
    error: ResourceError | null;
  };
}

export type ResourceEvent =
  // list
  | { type: 'list.refresh' }
  | { type: 'list.retry' }
  | { type: 'connection.online' }
  | { type: 'page.go'; page: number }
  | { type: 'perPage.set'; perPage: number }
  | { type: 'sort.set'; sort: string | null }
  | { type: 'filter.set'; field: string; value: string | null }
  | { type: 'search.type'; text: string }
  | { type: 'search.apply' }
  // selection and bulk
  | { type: 'row.toggle'; id: number }
  | { type: 'rows.toggleAll' }
  | { type: 'selection.clear' }
  | { type: 'bulk.start'; action: BulkAction; idempotencyKey: string }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'bulk.dismiss' }
  // one row's delete
  | { type: 'row.remove'; id: number; idempotencyKey: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'remove.dismiss' }
  // a row action's panel (the config's rowActions)
  | { type: 'rowAction.open'; action: string; id: number }
  | { type: 'rowAction.changed' }
  | { type: 'rowAction.close' }
  // a move in the display order
  | { type: 'row.move'; id: number; direction: MoveDirection; idempotencyKey: string }
  | { type: 'move.dismiss' }
  // editor
  | { type: 'editor.create'; values: FormValues }
  | { type: 'editor.edit'; id: number }
  | { type: 'editor.retry' }
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'editor.submit'; idempotencyKey: string }
  | { type: 'editor.close' }
  // import
  | { type: 'import.open' }
  | { type: 'import.choose'; file: ImportFile; idempotencyKey: string }
  | { type: 'import.progress'; loaded: number; total: number | null }
  | { type: 'import.commit' }
  | { type: 'import.close' }
  // export
  | { type: 'export.start' }
  | { type: 'export.progress'; loaded: number; total: number | null }
  | { type: 'export.dismiss' };

export type ResourcePage = Page<ResourceRow>;
