import { expect, test } from '@playwright/test';
import { StudioPage, uniqueWord } from './support/studio-page';

test('jobs survive a reload, with their results, favourite and filters', async ({ page }, testInfo) => {
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('greenhouse');
  const card = await studio.generate(`${word} full of ferns`, word);
  await studio.waitForStatus(card, 'completed');
  await card.getByRole('button', { name: 'Favourite' }).click();
  await expect(card.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  const again = studio.job(word);
  await studio.waitForStatus(again, 'completed');
  await expect(again.getByRole('button', { name: 'Image 4', exact: true })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');

  // Find it again: favourites only, then a prompt search.
  await page.getByRole('button', { name: /Favourites/ }).click();
  await expect(again).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(word);
  await expect(page.getByRole('article')).toHaveCount(1);
  await studio.shot('gallery after reload, filtered');
});
