/**
 * UI model-based test of the back-office resource screen (docs/architecture.md#statecharts: machines are
 * replayed against the real UI in Chromium, each event mapped to a gesture and each state to what is on
 * screen), on units (/admin/units).
 *
 * The model is the real chart, machines/resource, run with its pure transition function beside the page. Each
 * path is a list of the events a person causes (New, a name typed, Save, Delete, a tick, a bulk action...); each
 * event is done as a gesture (`gesture`), then the chart's invoked steps are settled from what really happened:
 * the server's answer to the request the screen sent (a page of rows, the saved row, a 409 duplicate, the bulk
 * result...) becomes the done or error event the model takes, and the form's check is the screen's own
 * (validateForm with the units schema). After every step the screen must show the model's state (`seeState`):
 * the list's state and rows, the editor's step, what the user typed and each field's error in English, the delete
 * and bulk dialogs' steps, the selection.
 *
 * Each path works on rows named with the run's own prefix and first searches for it, so the list it sees is its
 * own whatever other specs created. The coverage of the chart these paths reach is printed at the end.
 */
import { expect } from '@playwright/test';
import { test } from '../e2e/support/till-without-worker';
import type { Page, Response } from '@playwright/test';
import { initialTransition, transition } from 'xstate';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { resourceMachine } from '../../machines/resource/resource.machine';
import type { ResourceEvent } from '../../machines/resource/resource.types';
import { validateForm } from '../../src/client/features/back-office/field-issues';
import { UNITS } from '../../src/client/features/back-office/resources/units';
import { LoginPage } from '../e2e/support/pages/login-page';
import { formatCoverage, measureCoverage } from '../support/machine-coverage';
import { ResourcePage } from './resource-page';
import { localeText } from './support/locale-text';

const admin = localeText('en', 'admin');
const nav = localeText('en', 'navigation');
const RUN = `mb${Date.now().toString(36)}`;
const DEBOUNCE = { type: 'xstate.after.searchDebounce.resource.search.debouncing' };
const FIELD_NAMES = UNITS.fields.map((field) => field.name);

type Snapshot = SnapshotFrom<typeof resourceMachine>;
/** One step of a path: the event a person causes, made from what the model holds now (a row's id...). */
type Step = (model: Snapshot) => ResourceEvent;

// ---- the server's answers, in the order they came ----------------------------------------------------------

type Kind = 'list' | 'one' | 'save' | 'remove' | 'bulk';

function kindOf(response: Response): Kind | null {
  const url = new URL(response.url());
  const method = response.request().method();
  if (!url.pathname.startsWith('/api/units')) return null;
  if (url.pathname === '/api/units/bulk') return 'bulk';
  if (method === 'DELETE') return 'remove';
  if (method === 'POST') return 'save';
  if (method === 'GET' && /^\/api\/units\/\d+$/.test(url.pathname)) return 'one';
  if (method === 'GET' && url.pathname === '/api/units') return 'list';
  return null;
}

class Answers {
  private readonly queue: Response[] = [];

  constructor(page: Page) {
    page.on('response', (response) => {
      if (kindOf(response)) this.queue.push(response);
    });
  }

  /** The next answer of this kind, as the done or error event of the invoke that asked for it. */
  async next(kind: Kind, invokeId: string): Promise<AnyEventObject> {
    await expect.poll(() => this.queue.some((r) => kindOf(r) === kind), { timeout: 10_000 }).toBe(true);
    const index = this.queue.findIndex((r) => kindOf(r) === kind);
    const [response] = this.queue.splice(index, 1) as [Response];
    const body = (await response.json()) as Record<string, unknown>;
    if (response.ok()) {
      const data = body.data as Record<string, unknown>;
      const output = kind === 'save' ? { queued: false, row: data } : data;
      return { type: `xstate.done.actor.${invokeId}`, output };
    }
    return {
      type: `xstate.error.actor.${invokeId}`,
      error: { status: response.status(), kind: 'http', ...body },
    };
  }
}

// ---- the model beside the page -------------------------------------------------------------------------------

class Replay {
  model: Snapshot;
  readonly events: AnyEventObject[] = [];
  private readonly answers: Answers;

  constructor(
    page: Page,
    readonly view: ResourcePage,
  ) {
    this.answers = new Answers(page);
    this.model = initialTransition(resourceMachine, { resource: 'units', sort: 'name' })[0];
  }

  private take(event: AnyEventObject): void {
    this.events.push(event);
    this.model = transition(resourceMachine, this.model, event as ResourceEvent)[0];
  }

  nameOf(id: number): string {
    const row = this.model.context.items.find((item) => item.id === id);
    if (!row) throw new Error(`row ${id} is not on the page`);
    return String(row.name);
  }

  idOf(name: string): number {
    const row = this.model.context.items.find((item) => item.name === name);
    if (!row) throw new Error(`${name} is not on the page`);
    return row.id;
  }

  /** Each machine event as what a person does on the screen. */
  private async gesture(event: ResourceEvent): Promise<void> {
    const v = this.view;
    switch (event.type) {
      case 'search.type':
        return v.search(event.text);
      case 'editor.create':
        return v.newRow();
      case 'editor.edit':
        return v.edit(this.nameOf(event.id));
      case 'field.change':
        return v.typeField(event.name, String(event.value));
      case 'editor.submit':
        return v.save();
      case 'editor.close':
        return v.cancelEditor();
      case 'row.remove':
        return v.delete(this.nameOf(event.id));
      case 'remove.confirm':
        return v.confirmDelete();
      case 'remove.cancel':
        return v.cancelDelete();
      case 'row.toggle':
        return v.tick(this.nameOf(event.id));
      case 'bulk.start':
        return v.bulk(event.action);
      case 'bulk.confirm':
        return v.confirmBulk();
      case 'bulk.cancel':
        return v.cancelBulk();
      case 'bulk.dismiss':
        return v.dismissBulk();
      default:
        throw new Error(`no gesture for ${event.type}`);
    }
  }

  /** Feeds the model what happened after the gesture until nothing is running: answers, the form check, timers. */
  private async settle(): Promise<void> {
    for (;;) {
      const m = this.model;
      if (m.matches({ search: 'debouncing' })) this.take(DEBOUNCE);
      else if (m.matches({ editor: 'validating' })) this.take(this.validated());
      else if (m.matches({ editor: 'loading' })) this.take(await this.answers.next('one', 'fetchOne'));
      else if (m.matches({ editor: 'saving' })) this.take(await this.answers.next('save', 'save'));
      else if (m.matches({ removal: 'removing' })) this.take(await this.answers.next('remove', 'remove'));
      else if (m.matches({ bulk: 'running' })) this.take(await this.answers.next('bulk', 'bulk'));
      else if (m.matches({ list: 'loading' })) this.take(await this.answers.next('list', 'fetchPage'));
      else return;
    }
  }

  /** The screen checks the form with the units schema; the model takes the same outcome. */
  private validated(): AnyEventObject {
    try {
      const output = validateForm(UNITS.schema, this.model.context.editor.values, FIELD_NAMES);
      return { type: 'xstate.done.actor.validate', output };
    } catch (error) {
      return { type: 'xstate.error.actor.validate', error };
    }
  }

  async start(): Promise<void> {
    await this.settle();
    await this.seeState();
  }

  async step(make: Step): Promise<void> {
    const event = make(this.model);
    await this.gesture(event);
    this.take(event);
    await this.settle();
    await this.seeState();
  }

  /** Each state of the model as what the screen shows. */
  async seeState(): Promise<void> {
    const v = this.view;
    const m = this.model;
    const value = m.value as Record<string, string>;
    const { context } = m;
    await v.seeList(value.list as string);
    if (m.matches({ list: 'ready' })) await v.seeRows(context.items.map((row) => String(row.name)));
    if (m.matches({ editor: 'closed' }) || m.matches({ editor: 'saved' })) {
      await v.seeEditor(null);
      if (m.matches({ editor: 'saved' })) await v.seeSaved();
    } else {
      await v.seeEditor(value.editor as string);
      if (!m.matches({ editor: 'loading' })) {
        await v.seeFieldValue('name', String(context.editor.values.name ?? ''));
        for (const [field, issues] of Object.entries(context.editor.fieldErrors)) {
          const words = issues.map((issue) => admin(`validation.${issue.code}`, issue.params ?? {}));
          await v.seeFieldError(field, words.join(' '));
        }
      }
    }
    await v.seeRemoval(m.matches({ removal: 'idle' }) ? null : (value.removal as string));
    await v.seeBulk(m.matches({ bulk: 'idle' }) ? null : (value.bulk as string));
    await v.seeSelected(context.selected.length);
  }
}

// ---- the paths -----------------------------------------------------------------------------------------------

const search =
  (text: string): Step =>
  () => ({ type: 'search.type', text });
const create: Step = () => ({ type: 'editor.create', values: { ...UNITS.defaults } });
const typeName =
  (name: string): Step =>
  () => ({ type: 'field.change', name: 'name', value: name });
const submit: Step = () => ({ type: 'editor.submit', idempotencyKey: 'gesture' });
const close: Step = () => ({ type: 'editor.close' });

function named(replay: () => Replay, name: string, make: (id: number) => ResourceEvent): Step {
  return () => make(replay().idOf(name));
}

const allEvents: AnyEventObject[][] = [];
let current: Replay | null = null;
const replay = (): Replay => {
  if (!current) throw new Error('no replay');
  return current;
};

test.describe('resource screen, replayed from the resource machine (units)', () => {
  // A path is a dozen steps, each checked on screen; a loaded 2-core machine needs more than the default 30 s.
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await new LoginPage(page).signIn('admin');
    const view = new ResourcePage(page);
    current = new Replay(page, view);
    await view.openFromHome(nav('screens.adminUnits'));
    await current.start();
  });

  test.afterEach(() => {
    if (current) allEvents.push(current.events);
    current = null;
  });

  test.afterAll(() => {
    const coverage = measureCoverage(
      resourceMachine,
      allEvents.map((events) => ({ steps: events.map((event) => ({ event })) })) as never,
      { resource: 'units', sort: 'name' },
    );
    console.log(`UI replay of ${formatCoverage('resource', coverage)}`);
  });

  test('create with an empty name, then a name, a duplicate kept as typed, another, open one and close it', async () => {
    const box = `${RUN} Box`;
    for (const step of [
      search(RUN),
      create,
      submit,
      typeName(box),
      submit,
      create,
      typeName(box.toUpperCase()),
      submit,
      typeName(`${RUN} Bottle`),
      submit,
      named(replay, box, (id) => ({ type: 'editor.edit', id })),
      close,
    ]) {
      await replay().step(step);
    }
    expect(replay().model.context.items.map((row) => row.name)).toEqual([`${RUN} Bottle`, box]);
  });

  test('delete one row after a cancel, then a bulk delete after a cancel, each row reported', async () => {
    const jar = `${RUN} Jar`;
    const tube = `${RUN} Tube`;
    for (const step of [
      search(`${RUN} `),
      create,
      typeName(jar),
      submit,
      create,
      typeName(tube),
      submit,
      named(replay, jar, (id) => ({ type: 'row.remove', id, idempotencyKey: 'gesture' })),
      () => ({ type: 'remove.cancel' }) as const,
      named(replay, jar, (id) => ({ type: 'row.remove', id, idempotencyKey: 'gesture' })),
      () => ({ type: 'remove.confirm' }) as const,
      named(replay, tube, (id) => ({ type: 'row.toggle', id })),
      () => ({ type: 'bulk.start', action: 'delete', idempotencyKey: 'gesture' }) as const,
      () => ({ type: 'bulk.cancel' }) as const,
      () => ({ type: 'bulk.start', action: 'delete', idempotencyKey: 'gesture' }) as const,
      () => ({ type: 'bulk.confirm' }) as const,
      () => ({ type: 'bulk.dismiss' }) as const,
    ] satisfies Step[]) {
      await replay().step(step);
    }
    expect(replay().model.context.items.map((row) => row.name)).not.toContain(jar);
  });
});
