import { expect, test } from '@playwright/test';

test('the API page is drawn from the OpenAPI document the server serves', async ({
  page,
  request,
}) => {
  const document = (await (await request.get('/api/v1/openapi.json')).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
  };
  await page.goto('/api');
  // Every documented operation has its own section, titled by its summary.
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods)) {
      await expect(page.getByRole('heading', { name: operation.summary, level: 2 })).toBeVisible();
    }
  }
  const generate = page.locator('#generateVideo');
  await expect(generate).toContainText('POST /api/v1/generate');
  await expect(generate.getByRole('row', { name: /consent_attested \(required\)/ })).toBeVisible();
  await expect(generate).toContainText('curl -X POST');
  await expect(generate).toContainText("await fetch('");
  await expect(generate).toContainText('Idempotency-Key: order-1042');
  await expect(page.locator('#webhooks')).toContainText('isGlowreelWebhook');
  await expect(page.locator('#errors').getByRole('row', { name: /^409/ })).toBeVisible();
});

test('the API page says so when the reference cannot load', async ({ page }) => {
  await page.route('**/api/v1/openapi.json', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/api');
  await expect(page.getByRole('alert')).toContainText('The API reference did not load (503).');
  // The rate limits still show: they come from the plan definition.
  await expect(page.locator('#rate-limits')).toContainText('X-RateLimit-Reset');
});

test('on a phone the reference tables never split a word across lines', async ({ page }) => {
  // Issue 15: "Idempote ncy-Key", "strin g" at 390 px. A table wider than the screen scrolls
  // inside its own region instead.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/api');
  await expect(page.locator('#generateVideo table').first()).toBeVisible();
  const split = await page.locator('main table').evaluateAll((tables) => {
    const found: string[] = [];
    for (const table of tables) {
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          // A word drawn on two lines has two boxes at different heights.
          const tops = new Set(
            Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)),
          );
          if (tops.size > 1) found.push(match[0]);
        }
      }
    }
    return found;
  });
  expect(split).toEqual([]);
});
