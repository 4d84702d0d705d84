import { expect, test } from '@playwright/test';
import { makePng } from './support/images';
import { StudioPage, uniqueWord } from './support/studio-page';

test('retexture an uploaded file', async ({ page }, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  await page.getByRole('tab', { name: 'Retexture' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Retexture' });

  // Nothing chosen yet: the form says what is missing rather than sending.
  await panel.getByRole('button', { name: 'Retexture' }).click();
  await expect(panel.getByText('Choose the image to retexture.')).toBeVisible();

  await panel.getByLabel('Upload source image').setInputFiles({
    name: 'block.png',
    mimeType: 'image/png',
    buffer: await makePng(),
  });
  await expect(panel.getByRole('img', { name: 'Chosen source image' })).toBeVisible();
  const word = uniqueWord('copper');
  await panel.getByRole('textbox', { name: 'Texture prompt' }).fill(`brushed ${word} and verdigris`);
  await expect(panel.getByTestId('operation-cost')).toHaveText('120 points');
  await studio.shot('retexture from an upload');
  await panel.getByRole('button', { name: 'Retexture' }).click();

  const card = studio.job(word);
  await studio.waitForStatus(card, 'completed');
  await expect(card.getByRole('button', { name: 'Image 1', exact: true })).toBeVisible();
  // The typed prompt stays after the job is sent.
  await expect(panel.getByRole('textbox', { name: 'Texture prompt' })).toHaveValue(
    `brushed ${word} and verdigris`,
  );
});
