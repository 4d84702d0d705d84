import { expect, test } from '@playwright/test';
import { StudioPage, uniqueWord } from './support/studio-page';

test('text to image: flags as chips, the cost before Generate, four images, the prompt kept', async ({
  page,
}, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('lighthouse');

  // Typed flags become chips...
  await studio.prompt.fill(`${word} at dusk, oil painting --ar 16:9`);
  const aspect = page.getByRole('textbox', { name: 'Aspect ratio' });
  await expect(aspect).toHaveValue('16:9');
  // ...and chips write back into the prompt.
  await page.getByRole('combobox', { name: 'Add flag' }).selectOption('stylize');
  const stylize = page.getByRole('textbox', { name: 'Stylize' });
  await stylize.fill('250');
  await expect(studio.prompt).toHaveValue(`${word} at dusk, oil painting --ar 16:9 --stylize 250`);
  // A value out of range is marked on its chip, and Generate explains instead of sending.
  await stylize.fill('5000');
  await expect(stylize).toHaveAttribute('aria-invalid', 'true');
  await studio.generateButton.click();
  await expect(page.getByText('Check the flags: --stylize must be 0 to 1000.')).toBeVisible();
  await stylize.fill('250');
  await expect(page.getByTestId('compose-cost')).toHaveText('80 points');
  await studio.shot('compose with flag chips');

  await studio.generateButton.click();
  const card = studio.job(word);
  await expect(card).toBeVisible();
  await studio.waitForStatus(card, 'completed');
  for (const n of [1, 2, 3, 4])
    await expect(card.getByRole('button', { name: `Image ${n}`, exact: true })).toBeVisible();
  await expect(card.getByText('80 pts')).toBeVisible();
  // The prompt stays for the next try.
  await expect(studio.prompt).toHaveValue(`${word} at dusk, oil painting --ar 16:9 --stylize 250`);

  // The lightbox: 1-4 pick an image, arrows step, Escape closes.
  const lightbox = await studio.openImage(card, 1);
  await page.keyboard.press('3');
  await expect(page.getByRole('dialog', { name: /^Image 3/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: /^Image 4/ })).toBeVisible();
  await studio.shot('lightbox');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // Hiding tidies the gallery without deleting anything.
  const again = await studio.openImage(card, 1);
  await expect(again.getByText(/^Seed \d+/)).toBeVisible();
  await again.getByRole('button', { name: 'Hide from gallery' }).click();
  await expect(again).toBeHidden();
  await expect(card).toHaveCount(0);
});
