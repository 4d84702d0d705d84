import { expect, test } from '@playwright/test';
import { EditorPage, completedImages, enableEditorHook, fetchPixels } from './support/editor-page';
import { StudioPage, uniqueWord } from './support/studio-page';

test('brush and eraser: the painted mask goes as a black and white PNG in mask.url, and only it is repainted', async ({
  page,
}, testInfo) => {
  await enableEditorHook(page);
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('orchard');
  const card = await studio.generate(`${word} in autumn light`, word);
  await studio.waitForStatus(card, 'completed');

  const editor = await EditorPage.open(studio, card, 'Inpaint');
  const { imageSize } = await editor.state();
  const mid = { x: Math.round(imageSize.width / 2), y: Math.round(imageSize.height / 2) };

  await editor.tool('Brush').click();
  await editor.drag({ x: mid.x - 300, y: mid.y }, { x: mid.x + 300, y: mid.y }, 20);
  await editor.tool('Eraser').click();
  await editor.drag({ x: mid.x, y: mid.y - 100 }, { x: mid.x, y: mid.y + 100 }, 10);
  const { doc } = await editor.state();
  expect(doc.shapes.map((s) => s.kind)).toEqual(['stroke', 'stroke']);
  await expect(editor.coverage).not.toHaveText('0%');
  await expect(editor.dialog.getByTestId('mask-format')).toHaveText(/mask image/);
  await studio.shot('brush stroke cut by the eraser');

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/inpaint') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/inpaint'));
  await editor.submit.click();
  const body = (await sent).postDataJSON() as { mask: { url?: string; areas?: unknown } };
  expect(body.mask.areas).toBeUndefined();
  expect(body.mask.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+/);

  // The mask image: the image's size, pure black and white, white along the stroke, black where erased.
  const mask = await fetchPixels(page, body.mask.url!);
  expect([mask.width, mask.height]).toEqual([imageSize.width, imageSize.height]);
  const at = (x: number, y: number) => mask.data[(y * mask.width + x) * mask.channels]!;
  expect(at(mid.x - 150, mid.y)).toBe(255);
  expect(at(mid.x + 150, mid.y)).toBe(255);
  expect(at(mid.x, mid.y)).toBe(0);
  expect(at(mid.x, mid.y - 200)).toBe(0);
  expect(mask.data.every((v) => v === 0 || v === 255)).toBe(true);

  // On the result, every pixel the mask keeps (black, away from the edge) is the source's pixel.
  const task = (await (await answered).json()) as { job_id: string };
  const sourceUrl = (await completedImages(page, (await card.getAttribute('data-job-id'))!))[0]!;
  const source = await fetchPixels(page, sourceUrl);
  const result = await fetchPixels(page, (await completedImages(page, task.job_id))[0]!);
  let keptChanged = 0;
  let paintedChanged = 0;
  for (let y = 1; y < mask.height - 1; y++) {
    for (let x = 1; x < mask.width - 1; x++) {
      const keep =
        at(x, y) === 0 &&
        at(x - 1, y) === 0 &&
        at(x + 1, y) === 0 &&
        at(x, y - 1) === 0 &&
        at(x, y + 1) === 0;
      const i = (y * source.width + x) * 3;
      const same =
        result.data[i] === source.data[i] &&
        result.data[i + 1] === source.data[i + 1] &&
        result.data[i + 2] === source.data[i + 2];
      if (keep && !same) keptChanged++;
      if (at(x, y) === 255 && !same) paintedChanged++;
    }
  }
  expect(keptChanged).toBe(0);
  expect(paintedChanged).toBeGreaterThan(0);
});
