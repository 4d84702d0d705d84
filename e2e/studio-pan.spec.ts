import { expect, test } from '@playwright/test';
import { StudioPage, uniqueWord } from './support/studio-page';

test('pan right by clicking an arrow: the ghost shows the size, the result is wider', async ({
  page,
}, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const source = uniqueWord('dunes');
  const card = await studio.generate(`${source} under a pale sky`, source);
  await studio.waitForStatus(card, 'completed');

  const lightbox = await studio.openImage(card, 1);
  const form = await studio.imageAction(lightbox, 'Pan');
  const sourceSize = await form
    .getByRole('img', { name: 'Image 1' })
    .evaluate((img: HTMLImageElement) =>
      img.complete ? { w: img.naturalWidth, h: img.naturalHeight } : null,
    );
  expect(sourceSize).not.toBeNull();

  await form.getByRole('slider', { name: 'Scale' }).fill('2');
  await form.getByRole('button', { name: 'Pan right' }).hover();
  await expect(form.getByTestId('pan-result-size')).toHaveText(`${sourceSize!.w * 2} × ${sourceSize!.h} px`);
  const panWord = uniqueWord('caravan');
  await form.getByRole('textbox', { name: /Prompt for the new area/ }).fill(`a ${panWord} on the horizon`);
  await studio.shot('pan with ghost outline');
  await form.getByRole('button', { name: 'Pan right' }).click();
  await expect(form).toBeHidden();

  const pan = studio.job(panWord);
  await studio.waitForStatus(pan, 'completed');
  const result = pan.getByRole('button', { name: 'Image 1', exact: true }).locator('img');
  await expect
    .poll(() => result.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([sourceSize!.w * 2, sourceSize!.h]);
});
