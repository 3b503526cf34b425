import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../tests/support/build-test-app.js';
import { freePortForTest } from '../../../tests/support/free-port.js';
import { MidtransSimulator } from '../../../tests/support/midtrans-simulator.js';
import { parseConfig, type Config } from '../config.js';
import { createSnapTransaction, type SnapRequest } from './midtrans-client.js';

const SERVER_KEY = 'SB-Mid-server-SimulatorKey-01';

const configFor = (env: Record<string, string>): Config =>
  parseConfig({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY, ...env });

const request = (kodePesanan: string): SnapRequest => ({
  kodePesanan,
  total: 4_350_000,
  items: [
    { id: 'AIPOS-T2', price: 3_500_000, quantity: 1, name: 'AIPOS Terminal T2 dengan Printer Thermal Bawaan dan Laci Kas Otomatis' },
    { id: 'AIPOS-SCN', price: 425_000, quantity: 2, name: 'Barcode Scanner' },
  ],
  customer: { first_name: 'Warung Sejahtera', phone: '+6281234567890', email: 'siti.rahayu@example.com' },
  expiryMinutes: 1440,
});

describe('Midtrans Snap client against the simulator', () => {
  let simulator: MidtransSimulator;
  let config: Config;

  beforeAll(async () => {
    simulator = await MidtransSimulator.start(SERVER_KEY);
    config = configFor({ MIDTRANS_SERVER_KEY: SERVER_KEY, MIDTRANS_BASE_URL: simulator.origin });
  });
  afterAll(async () => {
    await simulator.close();
  });

  it('creates a transaction with Basic auth of the server key and the documented body, and answers its redirect_url', async () => {
    const transaction = await createSnapTransaction(config, request('ORD-CLIENT01'));
    const recorded = simulator.requests.at(-1)!;
    expect(transaction).toEqual({ token: recorded.token, redirect_url: `${simulator.origin}/snap/v4/redirection/${recorded.token}` });
    expect(recorded.authorization).toBe(`Basic ${Buffer.from(`${SERVER_KEY}:`).toString('base64')}`);
    expect(recorded.contentType).toBe('application/json');
    expect(recorded.accept).toBe('application/json');
    expect(recorded.body).toEqual({
      transaction_details: { order_id: 'ORD-CLIENT01', gross_amount: 4_350_000 },
      item_details: [
        // Snap refuses names over 50 characters: the long one is cut.
        { id: 'AIPOS-T2', price: 3_500_000, quantity: 1, name: 'AIPOS Terminal T2 dengan Printer Thermal Bawaan da' },
        { id: 'AIPOS-SCN', price: 425_000, quantity: 2, name: 'Barcode Scanner' },
      ],
      customer_details: { first_name: 'Warung Sejahtera', phone: '+6281234567890', email: 'siti.rahayu@example.com' },
      expiry: { unit: 'minute', duration: 1440 },
    });
  });

  it('throws when Snap answers 500, an answer without token, or a refusal of the key', async () => {
    simulator.failNext('error');
    await expect(createSnapTransaction(config, request('ORD-CLIENT02'))).rejects.toThrow('Midtrans Snap answered 500');
    simulator.failNext('malformed');
    await expect(createSnapTransaction(config, request('ORD-CLIENT03'))).rejects.toThrow('without token and redirect_url');
    const wrongKey = configFor({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-SomeoneElse', MIDTRANS_BASE_URL: simulator.origin });
    await expect(createSnapTransaction(wrongKey, request('ORD-CLIENT04'))).rejects.toThrow('Midtrans Snap answered 401');
    // None of the failed attempts left a transaction behind: the same order id is accepted afterwards.
    await expect(createSnapTransaction(config, request('ORD-CLIENT02'))).resolves.toMatchObject({
      redirect_url: expect.stringContaining('/snap/v4/redirection/'),
    });
  });

  it('throws when Snap refuses the body (an amount that is not the sum of the items)', async () => {
    await expect(createSnapTransaction(config, { ...request('ORD-CLIENT05'), total: 1 })).rejects.toThrow(/answered 400: .*gross_amount/);
  });

  it('gives up on a Snap that does not answer within the time-out', async () => {
    simulator.failNext('stall');
    const started = Date.now();
    await expect(createSnapTransaction(config, request('ORD-CLIENT06'), { timeoutMs: 300 })).rejects.toThrow('Midtrans Snap unreachable');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('throws when nothing listens at MIDTRANS_BASE_URL or no server key is configured', async () => {
    const closed = configFor({ MIDTRANS_SERVER_KEY: SERVER_KEY, MIDTRANS_BASE_URL: `http://127.0.0.1:${await freePortForTest()}` });
    await expect(createSnapTransaction(closed, request('ORD-CLIENT07'))).rejects.toThrow('Midtrans Snap unreachable');
    await expect(createSnapTransaction(configFor({}), request('ORD-CLIENT08'))).rejects.toThrow('not configured');
  });
});
