import { expect, test, waitForHydration } from './fixtures';

test('back to top scrolls smoothly, each frame keeping 85 % of the remaining distance', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/customization/layout');
  await waitForHydration(page);
  await page.mouse.move(640, 400);
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.wheel(0, 250);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThanOrEqual(step * 250);
  }
  await page.mouse.wheel(0, -100);
  const button = page.getByRole('button', { name: 'Scroll back to top' });
  await expect(button).toBeVisible();

  const positions = await page.evaluate(async () => {
    const seen: number[] = [];
    const done = new Promise<void>((resolve) => {
      const sample = () => {
        seen.push(document.documentElement.scrollTop);
        if (seen.at(-1) === 0 || seen.length > 300) resolve();
        else requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    (document.querySelector('button[aria-label="Scroll back to top"]') as HTMLButtonElement).click();
    await done;
    return seen;
  });

  const distinct = positions.filter((value, index) => index === 0 || value !== positions[index - 1]);
  expect(distinct.at(-1)).toBe(0);
  expect(distinct.length).toBeGreaterThan(8);
  const ratios = distinct
    .slice(1)
    .map((value, index) => value / (distinct[index] ?? 1))
    .filter((_, index) => (distinct[index] ?? 0) > 200);
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  expect(median).toBeGreaterThan(0.83);
  expect(median).toBeLessThan(0.87);
});
