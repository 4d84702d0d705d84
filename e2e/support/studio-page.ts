import { type Locator, type Page, type TestInfo, expect } from '@playwright/test';

/** A word no other test uses, to find this test's jobs in a gallery shared by every spec. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The studio as a designer sees it: by role and accessible name, never by CSS. */
export class StudioPage {
  constructor(
    readonly page: Page,
    private readonly testInfo?: TestInfo,
  ) {}

  get prompt(): Locator {
    return this.page.getByRole('textbox', { name: 'Prompt', exact: true });
  }

  get generateButton(): Locator {
    return this.page.getByRole('button', { name: 'Generate' });
  }

  async goto() {
    await this.page.goto('/');
    await expect(this.prompt).toBeVisible();
  }

  /** Types a prompt and presses Generate; returns the new job's card. */
  async generate(text: string, word: string): Promise<Locator> {
    await this.prompt.fill(text);
    await this.generateButton.click();
    return this.job(word);
  }

  /** The card of the one job whose prompt holds `word`. */
  job(word: string): Locator {
    return this.page.getByRole('article', { name: new RegExp(word) });
  }

  /** Waits until the card says the job completed (the engine runs at 1/20 of real time in e2e). */
  async waitForStatus(card: Locator, status: 'completed' | 'failed', timeout = 30_000) {
    await expect(card).toHaveAttribute('data-status', status, { timeout });
  }

  /** Opens an image (1-4) of a job in the lightbox. */
  async openImage(card: Locator, n: number): Promise<Locator> {
    await card.getByRole('button', { name: `Image ${n}`, exact: true }).click();
    const lightbox = this.page.getByRole('dialog', { name: new RegExp(`^Image ${n}`) });
    await expect(lightbox).toBeVisible();
    return lightbox;
  }

  /** From an open lightbox, picks an image action (Vary (Subtle), Remix, Pan, ...): its form opens. */
  async imageAction(lightbox: Locator, action: string): Promise<Locator> {
    await lightbox.getByRole('button', { name: action, exact: true }).click();
    const form = this.page.getByRole('dialog', { name: action, exact: true });
    await expect(form).toBeVisible();
    return form;
  }

  async shot(name: string) {
    if (!this.testInfo) return;
    await this.testInfo.attach(name, { body: await this.page.screenshot(), contentType: 'image/png' });
  }
}
