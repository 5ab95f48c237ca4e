/**
 * The appointment book (/pos/booking-appt, docs/appointments.md) as the desk uses it: the day grid with a column
 * per technician (react-big-calendar, src/client/features/appointments/book-calendar.tsx), its toolbar, the
 * booking editor dialog (booking-editor-dialog.tsx) and its conflict panel. A slot is found by its column (the
 * resource header's name) and its wall-clock time: the grid has four 15-minute slots an hour from midnight.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { localeText } from '../../../model-based/support/locale-text';
import { AppPage } from './app-page';

const editorText = localeText('en', 'booking-editor');

export class BookPage extends AppPage {
  get book(): Locator {
    return this.page.getByTestId('book');
  }

  get editor(): Locator {
    return this.page.getByTestId('booking-editor');
  }

  async openBook(): Promise<void> {
    await this.open('/pos/booking-appt');
    await expect(this.book).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(this.page.getByTestId('book-calendar')).toBeVisible();
  }

  /** The book has settled: loaded and saving nothing. */
  async seeReady(): Promise<void> {
    await expect(this.book).toHaveAttribute('data-status', 'ready');
  }

  /** Goes `weeks` ahead on the same weekday: the week view's Next steps a week, then back to the day view. */
  async goWeeksAhead(weeks: number): Promise<void> {
    await this.page.locator('[data-testid="book-view"][data-view="week"]').click();
    await this.seeReady();
    for (let i = 0; i < weeks; i += 1) {
      await this.page.getByTestId('book-next').click();
      await this.seeReady();
    }
    await this.page.locator('[data-testid="book-view"][data-view="day"]').click();
    await this.seeReady();
    await expect(this.book).toHaveAttribute('data-view', 'day');
  }

  /** Goes `days` ahead with the toolbar's Next, one day per tap, and waits for each range to load. */
  async goDaysAhead(days: number): Promise<void> {
    for (let i = 0; i < days; i += 1) {
      await this.page.getByTestId('book-next').click();
      await this.seeReady();
    }
  }

  /** The day column of a technician (or "Unassigned"), in the order of the resource headers. */
  async column(name: string): Promise<Locator> {
    const headers = this.page.locator('.rbc-time-header .rbc-row-resource .rbc-header');
    await expect(headers.filter({ hasText: name })).toHaveCount(1);
    const names = await headers.allInnerTexts();
    const index = names.findIndex((text) => text.trim() === name);
    expect(index, `column of ${name} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
    return this.page.locator('.rbc-time-content .rbc-day-slot').nth(index);
  }

  /**
   * The row of an hour: the grid draws the working hours only (`data-hours-from`, the first hour drawn), so the
   * hour's row is counted from there.
   */
  private async hourRow(hhmm: string): Promise<{ row: number; minute: number }> {
    const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
    const from = await this.page.getByTestId('book-calendar').getAttribute('data-hours-from');
    const first = Number((from ?? '00:00').split(':')[0]);
    expect(hour, `${hhmm} is drawn (the grid starts at ${from})`).toBeGreaterThanOrEqual(first);
    return { row: hour - first, minute };
  }

  /** The 15-minute slot of a column starting at `hhmm` (store wall clock). */
  async slot(name: string, hhmm: string): Promise<Locator> {
    const { row, minute } = await this.hourRow(hhmm);
    const column = await this.column(name);
    return column
      .locator('.rbc-timeslot-group')
      .nth(row)
      .locator('.rbc-time-slot')
      .nth(minute / 15);
  }

  /** Scrolls the grid so that `hhmm` is at its top (the day opens at 08:00). */
  async scrollTo(hhmm: string): Promise<void> {
    const { row } = await this.hourRow(hhmm);
    await this.page.locator('.rbc-time-content').evaluate((content, h) => {
      const group = content.querySelectorAll('.rbc-time-gutter .rbc-timeslot-group')[h] as HTMLElement;
      content.scrollTop = group.offsetTop;
    }, row);
  }

  /** Taps an empty slot: the editor opens with a new booking for that technician at that time. */
  async tapSlot(name: string, hhmm: string): Promise<void> {
    const slot = await this.slot(name, hhmm);
    await slot.scrollIntoViewIfNeeded();
    const box = await slot.boundingBox();
    if (!box) throw new Error(`slot ${name} ${hhmm} is not on screen`);
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(this.editor).toBeVisible();
  }

  /** A booking's event in a technician's column, by customer and service. */
  async event(name: string, customer: string, service: string): Promise<Locator> {
    return (await this.column(name))
      .locator('.rbc-event')
      .filter({ hasText: customer })
      .filter({ hasText: service });
  }

  /** Drags an event by its top edge to the slot at `hhmm` of the same or another column, in small steps. */
  async drag(event: Locator, toName: string, hhmm: string): Promise<void> {
    const from = await event.boundingBox();
    const target = await (await this.slot(toName, hhmm)).boundingBox();
    if (!from || !target) throw new Error('the event or the target slot is not on screen');
    const grab = { x: from.x + from.width / 2, y: from.y + 6 };
    await this.page.mouse.move(grab.x, grab.y);
    await this.page.mouse.down();
    await this.page.mouse.move(grab.x, grab.y + 4, { steps: 2 });
    await this.page.mouse.move(target.x + target.width / 2, target.y + 6, { steps: 12 });
    await this.page.mouse.up();
  }

  // ---- the editor ----

  line(index: number): Locator {
    return this.editor.locator(`[data-testid="booking-editor-line"][data-index="${index}"]`);
  }

  async fillCustomer(name: string, phone: string): Promise<void> {
    await this.editor.getByTestId('booking-editor-customer_name').fill(name);
    await this.editor.getByTestId('booking-editor-telephone').fill(phone);
  }

  /** Chooses a line's service (its option reads "Name (45 min)") and, when given, its technician. */
  async setLine(
    index: number,
    service: { name: string; minutes: number },
    technician?: string,
  ): Promise<void> {
    const line = this.line(index);
    await line
      .getByTestId('booking-editor-service_id')
      .selectOption({ label: editorText('line.serviceOption', service) });
    if (technician) await line.getByTestId('booking-editor-user_id').selectOption({ label: technician });
  }

  /** Types a line's start (a datetime-local value on the store's clock, `YYYY-MM-DDTHH:mm`). */
  async setStart(index: number, value: string): Promise<void> {
    await this.line(index).getByTestId('booking-editor-start').fill(value);
  }

  async addLine(): Promise<void> {
    await this.editor.getByTestId('booking-editor-add-line').click();
  }

  async save(): Promise<void> {
    await this.editor.getByTestId('booking-editor-save').click();
  }

  /** The editor says the booking was stored (not queued offline as provisional). */
  async seeSaved(): Promise<void> {
    await expect(this.editor.getByTestId('booking-editor-saved')).toBeVisible();
    await expect(this.editor.getByTestId('booking-editor-provisional')).toHaveCount(0);
  }

  async closeEditor(): Promise<void> {
    await this.editor.getByTestId('booking-editor-close').click();
    await expect(this.editor).toHaveCount(0);
  }

  /** A status move of an open booking (Confirm, Arrived, Start sale...). */
  async moveTo(status: string): Promise<void> {
    await this.editor.locator(`[data-testid="booking-editor-move"][data-status="${status}"]`).click();
  }
}
