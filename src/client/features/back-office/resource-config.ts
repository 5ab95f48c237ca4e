/**
 * What one back-office resource tells the one resource screen (docs/decisions/013-back-office-client-libraries.md): its API path, its i18n
 * namespace, its table columns, its form fields with the zod schema the server parses the same body with,
 * and what it offers (bulk actions, import, export). Everything else (paging, search, selection, the editor's
 * states, import and export) is the shared screen and machine: a resource is a config, never a copy.
 */
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { ResourceRow } from '../../../../machines/resource/resource.types';
import type { BulkAction } from '../../../contracts/resource';

export interface ColumnConfig<Row extends ResourceRow> {
  /** The row's field; also the sort key when `sortable`. */
  field: keyof Row & string;
  /** Key in the resource's namespace. */
  label: string;
  sortable?: boolean;
  /** How the cell shows the value; the raw value as text when absent. */
  cell?: (row: Row) => ReactNode;
  /** Shown only from this breakpoint up (a phone keeps the first columns). */
  hideBelow?: 'sm' | 'md' | 'lg';
}

/**
 * `money`: the form shows and takes the amount in the store currency's units ("10.50"); the row and the body
 * carry integer minor units (docs/money.md), converted by the screen's actors, never through a float.
 * `password`: typed hidden, never shown in clear (a password, a PIN). `image`: a picture file; a chosen file
 * makes the save a multipart body, and the form shows the row's current picture (`preview`). `date`: a day,
 * 'YYYY-MM-DD' in the row and the body, blank = none. `multiselect`: several of `options` or `optionsFrom`,
 * an array of their values in the row and the body (a coupon's services).
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'email'
  | 'tel'
  | 'password'
  | 'select'
  | 'multiselect'
  | 'switch'
  | 'money'
  | 'date'
  | 'image';

/** A select whose options are another resource's rows (a service's category, a product's unit). */
export interface OptionsFrom {
  /** The other resource's API name (`categories` → GET /api/categories). */
  resource: string;
  /** Its list filter (`{ type: 'service' }`). */
  filter?: Record<string, string>;
  /** The row field shown as the option's text; `name` when absent. */
  label?: string;
}

export interface FieldConfig {
  name: string;
  kind: FieldKind;
  /** Key in the resource's namespace. */
  label: string;
  /** Key in the resource's namespace for a hint under the field. */
  hint?: string;
  required?: boolean;
  maxLength?: number;
  /** A select's values with their label keys (the resource's namespace). */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** A select fed by another resource's rows (their id and name, shown as they are, not translated). */
  optionsFrom?: OptionsFrom;
  /**
   * Key in the resource's namespace naming a select's empty choice where it means something ("Every store"
   * for a coupon of no one store); "Choose…" when absent.
   */
  blank?: string;
  /** Only when editing a row (a product's stock change reason): a new row's form leaves it out. */
  editOnly?: boolean;
  /**
   * A `money` field that is money only while another field has a value (a coupon's discount: an amount when
   * its type is Amount, a plain percentage when Percent): otherwise it is typed and sent as a number.
   */
  moneyWhen?: { field: string; value: string };
  /**
   * Only when a row is created (a gift card's initial amount: afterwards its balance moves only by its own
   * actions): an edit neither shows nor sends it.
   */
  createOnly?: boolean;
  /** An `image` field's row field holding the current picture's media path (`image_path`, `avatar_path`). */
  preview?: string;
  /** The keyboard a phone shows for a text-like field (`numeric` for a PIN typed hidden). */
  inputMode?: 'numeric' | 'decimal' | 'text';
}

/** What a row action's panel gets (docs/back-office.md "Row actions"). */
export interface RowActionPanelProps<Row extends ResourceRow = ResourceRow> {
  /** The row as listed now (it follows the list's reloads). */
  row: Row;
  config: ResourceConfig<Row>;
  /** Closes the panel. */
  close: () => void;
  /** Says the panel has written: the list reloads and the config's `afterWrite` runs; the panel stays open. */
  changed: () => void;
}

/** An action on one row beyond edit and delete, opening its panel in a dialog titled with its label. */
export interface RowActionConfig<Row extends ResourceRow = ResourceRow> {
  /** Unique among the config's row actions; also the test id `row-action-<id>`. */
  id: string;
  /** Key in the resource's namespace: the menu item and the dialog's title. */
  label: string;
  /** Whether the row offers the action; always when absent. */
  visible?: (row: Row) => boolean;
  Panel: ComponentType<RowActionPanelProps<Row>>;
}

/**
 * How a row moves in the display order: `ordering` posts to the resource's `/{id}/ordering` (services,
 * products), `update` sends `display_order` as an update (categories, which have no ordering route).
 */
export type OrderingRoute = 'ordering' | 'update';

export interface FilterConfig {
  field: string;
  /** Key in the resource's namespace. */
  label: string;
  /** Values with their label keys; '' (no filter) comes first on its own. */
  options: ReadonlyArray<{ value: string; label: string }>;
}

export interface ResourceConfig<Row extends ResourceRow = ResourceRow> {
  /** The resource's name in the API (`units` → /api/units) and in test ids. */
  name: string;
  /** Its own i18n namespace (locales/<lang>/admin-<name>.json): `title`, `one`, the labels it names. */
  namespace: string;
  columns: ReadonlyArray<ColumnConfig<Row>>;
  fields: readonly FieldConfig[];
  /** The create body's schema from src/contracts: the form is checked with what the server checks. */
  schema: z.ZodType;
  /** The update body's schema when it differs from the create's (fields only an update takes). */
  updateSchema?: z.ZodType;
  /** The update's verb: POST `/{id}` (the factory's default) or PUT where the endpoint catalogue says so. */
  updateMethod?: 'POST' | 'PUT';
  /**
   * Called after every write the server made (save, delete, bulk, import commit): the caches other screens
   * read from that this resource's rows make stale (docs/back-office.md "What a write clears").
   */
  afterWrite?: () => Promise<unknown>;
  /** A new row's form. */
  defaults: Record<string, unknown>;
  /** The list's order when the user has chosen none. */
  defaultSort?: string;
  filters?: readonly FilterConfig[];
  bulkActions: readonly BulkAction[];
  /** The column headers an import file needs, in file order (as the server's export writes them). */
  importColumns?: readonly string[];
  canExport: boolean;
  /**
   * Where the endpoint catalogue makes the export a POST answering base64 contents (gift cards): the file
   * is saved under `filename`. Absent: GET text/csv, saved as `<name>-<date>.csv`.
   */
  exportRoute?: { method: 'POST'; filename: string };
  /** Actions on one row beyond edit and delete, each with its panel. */
  rowActions?: ReadonlyArray<RowActionConfig<Row>>;
  /** Rows carry `display_order`: Move up / Move down row actions, through this route. */
  orderable?: OrderingRoute;
  /** What names a row in a confirmation ("Delete Box?"). */
  rowLabel: (row: Row) => string;
  /**
   * Where the row holding a taken unique value opens (a 409 duplicate naming its holder, the server's
   * UniqueKey.namesHolder), from its id and the value typed: the field's error then offers a link
   * `conflict.open` (the resource's namespace) to it. A customer's phone or email already on another
   * customer opens the customers list searched for it.
   */
  holderPath?: (holder: { id: number; value: string }) => string;
}
