import { expect, test } from '@playwright/test';
import { EditorPage, enableEditorHook } from './support/editor-page';
import { StudioPage, uniqueWord } from './support/studio-page';

test('mask tools: rectangle, lasso, polygon (Esc, Enter), zoom and pan never move the mask, delete, undo/redo, invert, clear', async ({
  page,
}, testInfo) => {
  await enableEditorHook(page);
  const studio = new StudioPage(page, testInfo);
  await studio.goto();
  const word = uniqueWord('canyon');
  const card = await studio.generate(`${word} at noon`, word);
  await studio.waitForStatus(card, 'completed');
  const editor = await EditorPage.open(studio, card, 'Inpaint');
  const shapes = async () => (await editor.state()).doc.shapes;

  await editor.tool('Rectangle').click();
  await editor.drag({ x: 100, y: 100 }, { x: 300, y: 250 });
  expect(await shapes()).toHaveLength(1);

  // Lasso: a freehand loop of 80 samples becomes a simplified polygon.
  await editor.tool('Lasso').click();
  const loop = Array.from({ length: 80 }, (_, i) => {
    const t = (i / 80) * 2 * Math.PI;
    return { x: 600 + 120 * Math.cos(t), y: 600 + 90 * Math.sin(t) };
  });
  const [start, ...path] = await editor.toPageMany(loop);
  await page.mouse.move(start!.x, start!.y);
  await page.mouse.down();
  for (const q of path) await page.mouse.move(q.x, q.y);
  await page.mouse.up();
  const lasso = (await shapes())[1]!;
  expect(lasso.kind).toBe('area');
  expect(lasso.points.length).toBeGreaterThan(8);
  expect(lasso.points.length).toBeLessThan(80);

  // Polygon: Escape cancels the points in progress; Enter closes.
  await editor.tool('Polygon').click();
  await editor.clickAt({ x: 700, y: 100 });
  await editor.clickAt({ x: 850, y: 120 });
  await page.keyboard.press('Escape');
  expect(await shapes()).toHaveLength(2);
  await editor.clickAt({ x: 700, y: 100 });
  await editor.clickAt({ x: 850, y: 120 });
  await editor.clickAt({ x: 800, y: 300 });
  await page.keyboard.press('Enter');
  expect(await shapes()).toHaveLength(3);
  await studio.shot('rectangle, lasso and polygon');

  // Zoom (wheel, Fit, 100%) and pan (hand tool, space + drag) change the view, never the mask.
  const drawn = await shapes();
  const before = (await editor.state()).view;
  const centre = await editor.toPage({ x: 512, y: 512 });
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, -400);
  await expect.poll(async () => (await editor.state()).view.scale).toBeGreaterThan(before.scale);
  await editor.tool('Hand').click();
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x + 150, centre.y + 80, { steps: 5 });
  await page.mouse.up();
  await editor.tool('Rectangle').click();
  await page.keyboard.down('Space');
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x - 50, centre.y - 30, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Space');
  const after = (await editor.state()).view;
  expect(after.x).not.toBe(before.x);
  await editor.dialog.getByRole('button', { name: '100%', exact: true }).click();
  await expect(editor.dialog.getByLabel('Zoom level')).toHaveText('100%');
  await editor.dialog.getByRole('button', { name: 'Fit', exact: true }).click();
  await expect(editor.dialog.getByLabel('Zoom level')).not.toHaveText('100%');
  await page.keyboard.press('Control+1');
  await expect(editor.dialog.getByLabel('Zoom level')).toHaveText('100%');
  await page.keyboard.press('Control+0');
  await expect(editor.dialog.getByLabel('Zoom level')).not.toHaveText('100%');
  expect(await shapes()).toEqual(drawn);

  // Select the rectangle and delete it; undo brings it back, redo removes it again.
  await editor.tool('Select').click();
  await editor.clickAt({ x: 200, y: 175 });
  await page.keyboard.press('Delete');
  expect(await shapes()).toHaveLength(2);
  await page.keyboard.press('Control+z');
  expect(await shapes()).toHaveLength(3);
  await page.keyboard.press('Control+Shift+z');
  expect(await shapes()).toHaveLength(2);
  await editor.tool('Undo').click();
  expect(await shapes()).toEqual(drawn);

  // Move the rectangle by dragging it, then nudge it with the arrow keys; undo each step.
  await editor.drag({ x: 200, y: 175 }, { x: 250, y: 215 });
  const corner = (await shapes())[0]!.points[0]!;
  expect(Math.abs(corner.x - 150)).toBeLessThanOrEqual(3);
  expect(Math.abs(corner.y - 140)).toBeLessThanOrEqual(3);
  await page.keyboard.press('Shift+ArrowLeft');
  expect((await shapes())[0]!.points[0]!.x).toBeCloseTo(corner.x - 10, 5);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  expect(await shapes()).toEqual(drawn);

  // Invert shows the complement; Clear empties the mask and Submit waits for one.
  const covered = parseFloat((await editor.coverage.textContent())!);
  await editor.tool('Invert').click();
  await expect
    .poll(async () => parseFloat((await editor.coverage.textContent())!))
    .toBeCloseTo(100 - covered, -0.5);
  await studio.shot('inverted mask');
  await editor.tool('Clear').click();
  await expect(editor.coverage).toHaveText('0%');
  await expect(editor.dialog.getByText('The mask is empty: draw the area to repaint.')).toBeVisible();
  await expect(editor.submit).toBeDisabled();

  // One key per tool.
  await page.keyboard.press('r');
  await expect(editor.tool('Rectangle')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('l');
  await expect(editor.tool('Lasso')).toHaveAttribute('aria-pressed', 'true');
});
