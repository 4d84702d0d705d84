import { type Locator, type Page, expect } from '@playwright/test';
import sharp from 'sharp';
import type { StudioPage } from './studio-page';

interface Point {
  x: number;
  y: number;
}

/** What the editor's test hook exposes (read-only; every change goes through the real mouse). */
export interface EditorState {
  doc: {
    shapes: Array<{ id: string; kind: 'area' | 'stroke'; points: Point[] }>;
    inverted: boolean;
    canvas: { width: number; height: number } | null;
    placement: { x: number; y: number; width: number; height: number } | null;
  };
  view: { scale: number; x: number; y: number };
  imageSize: { width: number; height: number };
  placement: { x: number; y: number; width: number; height: number };
}

interface EditorHook {
  doc: () => EditorState['doc'];
  view: () => EditorState['view'];
  imageSize: () => EditorState['imageSize'];
  placement: () => EditorState['placement'];
  toPage: (p: Point) => Point;
}

declare global {
  interface Window {
    __studioEditor?: EditorHook;
  }
}

/** Turns the editor's read-only test hook on for a production build; call before page.goto. */
export async function enableEditorHook(page: Page) {
  await page.addInitScript(() => {
    (window as { __studioTestHooks?: boolean }).__studioTestHooks = true;
  });
}

/** The canvas editor as a designer uses it: tool buttons by name, the mouse on the canvas. */
export class EditorPage {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly mode: 'Inpaint' | 'Edit',
  ) {
    this.dialog = page.getByRole('dialog', { name: mode, exact: true });
  }

  /** Opens image `n` of a job in the lightbox and picks Inpaint or Edit there. */
  static async open(studio: StudioPage, card: Locator, mode: 'Inpaint' | 'Edit', n = 1) {
    const lightbox = await studio.openImage(card, n);
    await lightbox.getByRole('button', { name: mode, exact: true }).click();
    const editor = new EditorPage(studio.page, mode);
    await editor.ready();
    return editor;
  }

  async ready() {
    await expect(this.dialog).toBeVisible();
    await expect.poll(() => this.page.evaluate(() => Boolean(window.__studioEditor))).toBe(true);
  }

  /** Waits until the editor shows an image of this size (after the source changed). */
  async waitForImage(size: { width: number; height: number }) {
    await this.page.waitForFunction((want) => {
      const got = window.__studioEditor?.imageSize();
      return got?.width === want.width && got.height === want.height;
    }, size);
  }

  tool(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  get submit(): Locator {
    return this.dialog.getByRole('button', { name: 'Submit', exact: true });
  }

  get coverage(): Locator {
    return this.dialog.getByTestId('mask-coverage');
  }

  state(): Promise<EditorState> {
    return this.page.evaluate(() => {
      const hook = window.__studioEditor!;
      return { doc: hook.doc(), view: hook.view(), imageSize: hook.imageSize(), placement: hook.placement() };
    }) as Promise<EditorState>;
  }

  /** Where an image pixel is on the page right now. */
  toPage(p: Point): Promise<Point> {
    return this.page.evaluate((q) => window.__studioEditor!.toPage(q), p);
  }

  /** Page coordinates of many image pixels at once (one round trip, for freehand paths). */
  toPageMany(points: Point[]): Promise<Point[]> {
    return this.page.evaluate((ps) => ps.map((q) => window.__studioEditor!.toPage(q)), points);
  }

  async clickAt(p: Point) {
    const q = await this.toPage(p);
    await this.page.mouse.click(q.x, q.y);
  }

  /** Presses at one image pixel, moves in steps to another, releases: a real drag. */
  async drag(from: Point, to: Point, steps = 12) {
    const a = await this.toPage(from);
    const b = await this.toPage(to);
    await this.page.mouse.move(a.x, a.y);
    await this.page.mouse.down();
    await this.page.mouse.move(b.x, b.y, { steps });
    await this.page.mouse.up();
  }

  /** Clicks the points of a polygon, then its first point again to close it. */
  async drawPolygon(points: Point[]) {
    await this.tool('Polygon').click();
    for (const p of points) await this.clickAt(p);
    await this.clickAt(points[0]!);
  }
}

/** Decoded RGB pixels of a PNG served by the studio. */
export async function fetchPixels(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.ok(), `GET ${url}`).toBe(true);
  const { data, info } = await sharp(await response.body())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Reads a task through the proxy until it is completed; returns its image URLs. */
export async function completedImages(page: Page, jobId: string): Promise<string[]> {
  let urls: string[] = [];
  await expect
    .poll(
      async () => {
        const task = (await (await page.request.get(`/api/v1/job/${jobId}`)).json()) as {
          status: string;
          output: { image_urls: string[] | null };
        };
        urls = task.output.image_urls ?? [];
        return task.status;
      },
      { timeout: 30_000 },
    )
    .toBe('completed');
  return urls;
}
