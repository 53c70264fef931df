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
