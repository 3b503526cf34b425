import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TEXTS } from '../../src/client/features/settings/webhook-texts.js';
import { WEBHOOK_MESSAGES } from '../../src/domain/webhooks.js';
import { WebhookReceiver, type ReceivedWebhook } from '../support/webhook-receiver.js';
import {
  createMerchantThroughApi,
  setStatusThroughApi,
  signedInContext,
  startMerchantsServer,
  toastWith,
} from './support/admin-merchants-setup.js';
import { closeSuite, launchBrowser } from './support/browser.js';
import type { RunningServer } from './support/server-process.js';

let browser: Browser;
let server: RunningServer;
let receiver: WebhookReceiver;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  receiver = await WebhookReceiver.start('/erp/aipos');
  [browser, server] = await Promise.all([launchBrowser(), startMerchantsServer()]);
});

afterAll(async () => {
  await closeSuite({ contexts, browser, servers: [server] });
  await receiver?.stop();
});

/** The receiver's side of docs/webhooks.md: HMAC of "<t>.<raw body>", compared in constant time, at most 5 minutes old. */
function verified(request: ReceivedWebhook, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['aipos-signature']));
  if (!match || Math.abs(Date.now() / 1000 - Number(match[1])) > 300) return false;
  return timingSafeEqual(createHmac('sha256', secret).update(`${match[1]}.${request.body}`).digest(), Buffer.from(match[2]!, 'hex'));
}

async function settingsPage(): Promise<Page> {
  const context = await signedInContext(browser, server.baseUrl);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/admin/settings');
  await page.getByRole('heading', { name: WEBHOOK_TEXTS.title, level: 2 }).waitFor();
  return page;
}

describe('Settings → Webhook', () => {
  it('adds an endpoint, shows its secret once, logs a signed delivery of a real event, and sends it again with Kirim Ulang', async () => {
    const page = await settingsPage();
    await page.getByText(WEBHOOK_TEXTS.empty).waitFor();

    // The dialog checks the URL and the events before anything is sent.
    await page.getByRole('button', { name: WEBHOOK_TEXTS.add }).click();
    const dialog = page.getByRole('dialog', { name: WEBHOOK_TEXTS.add });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText(WEBHOOK_MESSAGES.events).waitFor();
    const url = dialog.getByRole('textbox', { name: 'URL' });
    expect(await url.getAttribute('name')).toBe('url');
    await url.fill('http://erp.contoh.co.id/aipos');
    await dialog.getByRole('checkbox', { name: /Status merchant berubah/ }).check();
    expect(await dialog.getByRole('checkbox', { name: /Status merchant berubah/ }).getAttribute('name')).toBe('events');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText(WEBHOOK_MESSAGES.url).waitFor();
    await url.fill(receiver.url);
    await dialog.getByRole('button', { name: 'Simpan' }).click();

    // The secret, once, with its copy button.
    const secretDialog = page.getByRole('dialog', { name: WEBHOOK_TEXTS.secretTitle });
    await secretDialog.waitFor();
    await secretDialog.getByText(WEBHOOK_TEXTS.secretWarning).waitFor();
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await secretDialog.getByRole('button', { name: WEBHOOK_TEXTS.copySecret }).waitFor();
    await secretDialog.getByRole('button', { name: WEBHOOK_TEXTS.done }).click();
    await secretDialog.waitFor({ state: 'detached' });
    const item = page.getByTestId('webhook-item').filter({ hasText: receiver.url });
    await item.waitFor();
    expect(await item.getByRole('switch', { name: WEBHOOK_TEXTS.activeLabel }).getAttribute('aria-checked')).toBe('true');
    // Never shown again: not after a reload, not in the list's answer.
    await page.reload();
    await item.waitFor();
    expect(await page.content()).not.toContain(secret);

    // A real event: a merchant verified through the admin API.
    const merchant = await createMerchantThroughApi(page.context().request, 'Toko Webhook Jaya');
    await setStatusThroughApi(page.context().request, merchant.id, 'verified');
    await receiver.waitFor(1, 30_000);
    const [first] = receiver.received;
    expect(verified(first!, secret)).toBe(true);
    const payload = JSON.parse(first!.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('merchant.status_changed');
    expect(first!.headers['aipos-event-id']).toBe(payload.id);
    expect(first!.body).toContain(merchant.kode_pendaftaran);

    // The delivery log: event, status, attempts, last code and time.
    await item.getByRole('button', { name: WEBHOOK_TEXTS.deliveriesShow }).click();
    const row = item.getByTestId('webhook-delivery').first();
    await row.getByText('Terkirim').waitFor();
    await expect
      .poll(async () => (await row.innerText()).replace(/\s+/g, ' '))
      .toMatch(/Status merchant berubah merchant\.status_changed Terkirim 1 200 \d/);

    await row.getByRole('button', { name: /^Kirim Ulang/ }).click();
    await toastWith(page, WEBHOOK_TEXTS.resent).waitFor();
    await receiver.waitFor(2, 30_000);
    const again = receiver.received[1]!;
    expect(again.headers['aipos-event-id']).toBe(payload.id);
    expect(again.body).toBe(first!.body);
    expect(verified(again, secret)).toBe(true);
    // Pending after the press, sent again once the worker has been.
    await expect.poll(async () => (await row.innerText()).replace(/\s+/g, ' '), { timeout: 15_000 }).toMatch(/Terkirim 1 200/);

    // Switched off, then deleted after the confirmation.
    await item.getByRole('switch', { name: WEBHOOK_TEXTS.activeLabel }).click();
    await toastWith(page, WEBHOOK_TEXTS.deactivated).waitFor();
    expect(await item.getByRole('switch', { name: WEBHOOK_TEXTS.activeLabel }).getAttribute('aria-checked')).toBe('false');
    await item.getByRole('button', { name: /^Hapus webhook/ }).click();
    const confirm = page.getByRole('alertdialog', { name: WEBHOOK_TEXTS.deleteTitle });
    await confirm.getByRole('button', { name: WEBHOOK_TEXTS.deleteConfirm }).click();
    await toastWith(page, WEBHOOK_TEXTS.deleted).waitFor();
    await page.getByText(WEBHOOK_TEXTS.empty).waitFor();

    // The server's log names deliveries by id, never with the secret.
    expect(readFileSync(server.logFile, 'utf8')).not.toContain(secret);
  });
});
