import { expect, test } from '@playwright/test';
import { EditorPage, completedImages, enableEditorHook } from './support/editor-page';
import { StudioPage, uniqueWord } from './support/studio-page';
import sharp from 'sharp';

test('edit on a larger canvas: place the image by dragging and by numbers, mask it, and the imgPos sent is what was shown', async ({
  page,
}, testInfo) => {
  await enableEditorHook(page);
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('meadow');
  const card = await studio.generate(`${word} with one oak tree`, word);
  await studio.waitForStatus(card, 'completed');

  const editor = await EditorPage.open(studio, card, 'Edit');
  const { imageSize } = await editor.state();

  await editor.dialog.getByLabel('Canvas size').selectOption({ label: 'Landscape 3:2 (1536×1024)' });
  let state = await editor.state();
  expect(state.doc.canvas).toEqual({ width: 1536, height: 1024 });

  // Numbers → canvas: a smaller image, aspect kept.
  const widthField = editor.dialog.getByRole('spinbutton', { name: 'Width', exact: true });
  await widthField.fill('768');
  await widthField.press('Enter');
  state = await editor.state();
  expect(state.placement.width).toBe(768);
  expect(state.placement.height).toBe(Math.round((768 * imageSize.height) / imageSize.width));

  // Canvas → numbers: drag the image with the Select tool, by 100 × 60 canvas pixels.
  await editor.tool('Select').click();
  const before = state.placement;
  const perCanvasPixel = imageSize.width / before.width; // image pixels per canvas pixel
  const grab = { x: imageSize.width / 2, y: imageSize.height / 2 };
  await editor.drag(grab, { x: grab.x + 100 * perCanvasPixel, y: grab.y + 60 * perCanvasPixel });
  state = await editor.state();
  expect(Math.abs(state.placement.x - (before.x + 100))).toBeLessThanOrEqual(2);
  expect(Math.abs(state.placement.y - (before.y + 60))).toBeLessThanOrEqual(2);
  await expect(editor.dialog.getByRole('spinbutton', { name: 'X', exact: true })).toHaveValue(
    String(state.placement.x),
  );
  await expect(editor.dialog.getByRole('spinbutton', { name: 'Y', exact: true })).toHaveValue(
    String(state.placement.y),
  );

  // Resizing by the bottom-right corner keeps the image's aspect; with Shift held it does not.
  const ratio = imageSize.width / imageSize.height;
  await editor.drag(
    { x: imageSize.width, y: imageSize.height },
    {
      x: imageSize.width * 1.15,
      y: imageSize.height * 1.02,
    },
  );
  state = await editor.state();
  expect(state.placement.width).toBeGreaterThan(768);
  expect(Math.abs(state.placement.width / state.placement.height - ratio)).toBeLessThan(0.02);
  await page.keyboard.down('Shift');
  await editor.drag(
    { x: imageSize.width, y: imageSize.height },
    { x: imageSize.width * 1.1, y: imageSize.height * 0.9 },
  );
  await page.keyboard.up('Shift');
  state = await editor.state();
  expect(Math.abs(state.placement.width / state.placement.height - ratio)).toBeGreaterThan(0.1);
  await expect(editor.dialog.getByTestId('uncovered-canvas')).not.toHaveText('0%');

  // A rectangle mask drawn on the image, in the image's own pixels.
  await editor.tool('Rectangle').click();
  await editor.drag({ x: 100, y: 100 }, { x: 400, y: 300 });
  state = await editor.state();
  expect(state.doc.shapes).toHaveLength(1);

  const edit = uniqueWord('fox');
  await editor.dialog.getByRole('textbox', { name: 'Prompt', exact: true }).fill(`a ${edit} in the grass`);
  await studio.shot('edit: image placed on a 3:2 canvas with a mask');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/upload-paint') && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/upload-paint'));
  await editor.submit.click();
  const body = (await sent).postDataJSON() as {
    imgUrl: string;
    canvas: { width: number; height: number };
    imgPos: { x: number; y: number; width: number; height: number };
    mask: { areas: Array<{ width: number; height: number; points: number[] }> };
    remixPrompt: string;
  };
  expect(body.imgUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  expect(body.canvas).toEqual({ width: 1536, height: 1024 });
  expect(body.imgPos).toEqual(state.placement);
  expect(body.remixPrompt).toBe(`a ${edit} in the grass`);
  // The mask goes in canvas pixels: the image rectangle (100,100)–(400,300) through the placement.
  const scaleX = state.placement.width / imageSize.width;
  const scaleY = state.placement.height / imageSize.height;
  const area = body.mask.areas[0]!;
  expect([area.width, area.height]).toEqual([1536, 1024]);
  const expected = [
    [100, 100],
    [400, 100],
    [400, 300],
    [100, 300],
  ].flatMap(([x, y]) => [state.placement.x + x! * scaleX, state.placement.y + y! * scaleY]);
  area.points.forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThanOrEqual(3));

  const task = (await (await answered).json()) as { job_id: string };
  await expect(editor.dialog).toBeHidden();
  const [resultUrl] = await completedImages(page, task.job_id);
  const meta = await sharp(await (await page.request.get(resultUrl!)).body()).metadata();
  expect([meta.width, meta.height]).toEqual([1536, 1024]);
});
