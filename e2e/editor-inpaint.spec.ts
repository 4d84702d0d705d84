import { expect, test } from '@playwright/test';
import { EditorPage, completedImages, enableEditorHook, fetchPixels } from './support/editor-page';
import { StudioPage, uniqueWord } from './support/studio-page';

test('inpaint with a polygon: draw, drag a vertex, undo, reload, submit; outside the mask nothing changes', async ({
  page,
}, testInfo) => {
  await enableEditorHook(page);
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('harbour');
  const card = await studio.generate(`${word} at dawn with boats`, word);
  await studio.waitForStatus(card, 'completed');
  const sourceJobId = (await card.getAttribute('data-job-id'))!;

  let editor = await EditorPage.open(studio, card, 'Inpaint');
  const { imageSize } = await editor.state();
  const sourceUrls = await completedImages(page, sourceJobId);
  const source = await fetchPixels(page, sourceUrls[0]!);
  // The editor measures the mask in the image's natural pixels.
  expect(imageSize).toEqual({ width: source.width, height: source.height });

  const w = imageSize.width;
  const h = imageSize.height;
  const square = [
    { x: Math.round(w * 0.2), y: Math.round(h * 0.2) },
    { x: Math.round(w * 0.5), y: Math.round(h * 0.2) },
    { x: Math.round(w * 0.5), y: Math.round(h * 0.5) },
    { x: Math.round(w * 0.2), y: Math.round(h * 0.5) },
  ];
  await editor.drawPolygon(square);
  let { doc } = await editor.state();
  expect(doc.shapes).toHaveLength(1);
  await expect(editor.coverage).not.toHaveText('0%');
  await expect(editor.dialog.getByTestId('mask-format')).toHaveText('Sent as 1 polygon.');

  // Select, then drag the bottom-right vertex further out.
  await editor.tool('Select').click();
  const moved = { x: Math.round(w * 0.6), y: Math.round(h * 0.6) };
  await editor.drag(square[2]!, moved);
  ({ doc } = await editor.state());
  const dragged = doc.shapes[0]!.points[2]!;
  expect(Math.abs(dragged.x - moved.x)).toBeLessThanOrEqual(3);
  expect(Math.abs(dragged.y - moved.y)).toBeLessThanOrEqual(3);

  // Undo puts the vertex back where it was: one drag, one step.
  await page.keyboard.press('Control+z');
  ({ doc } = await editor.state());
  expect(Math.abs(doc.shapes[0]!.points[2]!.x - square[2]!.x)).toBeLessThanOrEqual(3);
  const drawn = doc.shapes[0]!.points;

  // The drawn mask survives a reload.
  await page.reload();
  await expect(studio.prompt).toBeVisible();
  editor = await EditorPage.open(studio, studio.job(word), 'Inpaint');
  ({ doc } = await editor.state());
  expect(doc.shapes[0]!.points).toEqual(drawn);
  await studio.shot('inpaint mask restored after reload');

  // A refused request (a prompt the service calls sensitive) is explained, and loses nothing.
  const promptBox = editor.dialog.getByRole('textbox', { name: 'Prompt for the repainted area' });
  await promptBox.fill('a gore scene');
  await editor.submit.click();
  await expect(editor.dialog.getByRole('alert')).toContainText('The service refused the prompt');
  await expect(editor.dialog).toBeVisible();
  await expect(promptBox).toHaveValue('a gore scene');
  expect((await editor.state()).doc.shapes[0]!.points).toEqual(drawn);

  const repaint = uniqueWord('lighthouse');
  await promptBox.fill(`a ${repaint}`);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/inpaint') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/inpaint'));
  await editor.submit.click();
  const body = (await sent).postDataJSON() as {
    jobId: string;
    imageNo: number;
    imgUrl?: string;
    mask: { areas: Array<{ width: number; height: number; points: number[] }> };
  };
  expect(body.jobId).toBe(sourceJobId);
  expect(body.imageNo).toBe(0);
  expect(body.imgUrl).toBeUndefined();
  expect(body.mask.areas).toHaveLength(1);
  const area = body.mask.areas[0]!;
  expect([area.width, area.height]).toEqual([w, h]);
  // Clockwise from the top-left: top-left, top-right, bottom-right, bottom-left, in whole pixels.
  const [x0, y0, x1, y1, x2, y2, x3, y3] = area.points;
  expect(area.points).toHaveLength(8);
  expect(area.points.every(Number.isInteger)).toBe(true);
  expect(x0).toBeLessThan(x1!);
  expect(y1).toBeLessThan(y2!);
  expect(x3).toBeLessThan(x2!);
  expect(Math.abs(x0! - square[0]!.x) + Math.abs(y0! - square[0]!.y)).toBeLessThanOrEqual(4);
  expect(Math.abs(y3! - square[3]!.y)).toBeLessThanOrEqual(3);

  const task = (await (await answered).json()) as { job_id: string };
  await expect(editor.dialog).toBeHidden();
  await expect(studio.job(repaint)).toBeVisible();

  // On the engine's result, every pixel outside the polygon (with a 1 px edge band) is the source's.
  const [resultUrl] = await completedImages(page, task.job_id);
  const result = await fetchPixels(page, resultUrl!);
  expect([result.width, result.height]).toEqual([source.width, source.height]);
  const left = Math.min(x0!, x3!) - 1;
  const right = Math.max(x1!, x2!) + 1;
  const top = Math.min(y0!, y1!) - 1;
  const bottom = Math.max(y2!, y3!) + 1;
  let outsideChanged = 0;
  let insideChanged = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const same =
        result.data[i] === source.data[i] &&
        result.data[i + 1] === source.data[i + 1] &&
        result.data[i + 2] === source.data[i + 2];
      const outside = x < left || x > right || y < top || y > bottom;
      if (outside && !same) outsideChanged++;
      if (!outside && !same) insideChanged++;
    }
  }
  expect(outsideChanged).toBe(0);
  expect(insideChanged).toBeGreaterThan(0);
});
