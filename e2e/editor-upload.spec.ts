import { expect, test } from '@playwright/test';
import { EditorPage, enableEditorHook } from './support/editor-page';
import { makePng } from './support/images';
import { StudioPage, uniqueWord } from './support/studio-page';

test('edit an uploaded file: it replaces the gallery image and is sent as imgUrl', async ({
  page,
}, testInfo) => {
  await enableEditorHook(page);
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('quarry');
  const card = await studio.generate(`${word} in fog`, word);
  await studio.waitForStatus(card, 'completed');

  const editor = await EditorPage.open(studio, card, 'Edit');
  await editor.dialog.getByLabel('Edit an uploaded image instead').setInputFiles({
    name: 'sketch.png',
    mimeType: 'image/png',
    buffer: await makePng(640, 480),
  });
  await editor.waitForImage({ width: 640, height: 480 });
  const { doc } = await editor.state();
  // A new canvas for the new image: its size, clamped to the service's 500 px minimum.
  expect(doc.canvas).toEqual({ width: 640, height: 500 });

  await editor.dialog.getByRole('textbox', { name: 'Prompt', exact: true }).fill('the same sketch, in ink');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/upload-paint') && r.method() === 'POST');
  await editor.submit.click();
  const body = (await sent).postDataJSON() as { imgUrl: string; canvas: unknown; mask: { url?: string } };
  expect(body.imgUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/.+/);
  expect(body.canvas).toEqual({ width: 640, height: 500 });
  // Nothing masked: an all-black mask image keeps the whole picture.
  expect(body.mask.url).toBeDefined();
  await expect(editor.dialog).toBeHidden();
});
