import { expect, test } from '@playwright/test';
import { StudioPage, uniqueWord } from './support/studio-page';

test('vary (subtle) and remix an image, then find the lineage', async ({ page }, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const source = uniqueWord('orchard');
  const card = await studio.generate(`${source} in spring, watercolour`, source);
  await studio.waitForStatus(card, 'completed');

  // Vary (Subtle) from image 2, steered by a prompt.
  const varyWord = uniqueWord('blossom');
  let lightbox = await studio.openImage(card, 2);
  let form = await studio.imageAction(lightbox, 'Vary (Subtle)');
  await expect(form.getByTestId('operation-cost')).toHaveText('120 points');
  await form.getByRole('textbox', { name: /Variation prompt/ }).fill(`more ${varyWord}`);
  await form.getByRole('button', { name: 'Vary', exact: true }).click();
  await expect(form).toBeHidden();
  const variation = studio.job(varyWord);
  await studio.waitForStatus(variation, 'completed');
  await expect(variation).toHaveAccessibleName(new RegExp(`^Vary: more ${varyWord}`));

  // Remix needs a prompt: emptying it is caught inline before anything is sent.
  const remixWord = uniqueWord('winter');
  lightbox = await studio.openImage(card, 1);
  form = await studio.imageAction(lightbox, 'Remix');
  const remixPrompt = form.getByRole('textbox', { name: 'Remix prompt' });
  await remixPrompt.fill('');
  await form.getByRole('button', { name: 'Remix', exact: true }).click();
  await expect(form.getByText('must not be empty')).toBeVisible();
  await form.getByRole('radio', { name: 'Subtle' }).check();
  await remixPrompt.fill(`the same orchard in ${remixWord} snow`);
  await studio.shot('remix form');
  await form.getByRole('button', { name: 'Remix', exact: true }).click();
  const remix = studio.job(remixWord);
  await studio.waitForStatus(remix, 'completed');

  // Lineage: the remix knows where it came from, the source lists what was made from it.
  lightbox = await studio.openImage(remix, 1);
  await expect(lightbox.getByText('Made from', { exact: true })).toBeVisible();
  await expect(lightbox.getByText(new RegExp(`${source}.*image 1`))).toBeVisible();
  await page.keyboard.press('Escape');
  lightbox = await studio.openImage(card, 1);
  await expect(lightbox.getByText(/Made from this \(2\)/)).toBeVisible();
  await studio.shot('lineage');
});
