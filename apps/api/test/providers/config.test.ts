import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const base = {
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  PUBLIC_URL: 'https://portal.example.com',
  DATA_DIR: '/tmp/hopbox-config-test',
  // The sandbox carrier's own production refusal is tested on its own; the other rules are tested without it.
  SANDBOX_CARRIER_IN_PRODUCTION: 'true',
};
const production = { ...base, NODE_ENV: 'production' };
const ngenius = {
  PAYMENT_PROVIDER: 'ngenius',
  NGENIUS_BASE_URL: 'https://api-gateway.sandbox.ngenius-payments.com',
  NGENIUS_API_KEY: 'key',
  NGENIUS_OUTLET_REF: 'outlet',
};
const c3x = {
  RATE_PROVIDER: 'c3x',
  C3X_BASE_URL: 'https://c3x.example.com/express/v1',
  C3X_ACCOUNT_NO: 'ACC',
  C3X_USERNAME: 'user',
  C3X_PASSWORD: 'pass',
};

/** The message loadConfig throws for the environment, or fails the test when it does not throw. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('loadConfig: shipping-price and payment providers', () => {
  it('defaults to the rate card, the sandbox and reconciliation every 60 seconds', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'development' });
    expect(config.rates).toEqual({ provider: 'ratecard' });
    expect(config.payments).toEqual({ provider: 'sandbox' });
    expect(config.reconcileIntervalSeconds).toBe(60);
  });

  it('refuses the sandbox in production unless SANDBOX_PAYMENTS_IN_PRODUCTION=true', () => {
    for (const env of [
      production,
      { ...production, PAYMENT_PROVIDER: 'sandbox' },
      { ...production, SANDBOX_PAYMENTS_IN_PRODUCTION: 'false' },
    ]) {
      const message = refusal(env);
      expect(message).toContain('PAYMENT_PROVIDER');
      expect(message).toContain('refused in production');
      expect(message).toContain('SANDBOX_PAYMENTS_IN_PRODUCTION=true');
    }
    expect(loadConfig({ ...production, SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' }).payments).toEqual({ provider: 'sandbox' });
    expect(refusal({ ...production, SANDBOX_PAYMENTS_IN_PRODUCTION: 'maybe' })).toContain(
      'SANDBOX_PAYMENTS_IN_PRODUCTION: must be true or false',
    );
  });

  it('refuses the sandbox carrier in production unless it is a demo deployment', () => {
    const live = { ...production, ...ngenius, SANDBOX_CARRIER_IN_PRODUCTION: undefined };
    const message = refusal(live);
    expect(message).toContain('CARRIER_PROVIDER');
    expect(message).toContain('SANDBOX_CARRIER_IN_PRODUCTION=true');
    expect(loadConfig({ ...live, SANDBOX_CARRIER_IN_PRODUCTION: 'true' }).carrier).toEqual({ provider: 'sandbox' });
    // A demo that takes no real money ships nothing real either.
    expect(loadConfig({ ...production, SANDBOX_CARRIER_IN_PRODUCTION: undefined, SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' }).carrier).toEqual(
      {
        provider: 'sandbox',
      },
    );
    expect(refusal({ ...live, CARRIER_PROVIDER: 'c3x' })).toContain('C3X_BASE_URL: required when CARRIER_PROVIDER=c3x');
    expect(loadConfig({ ...live, ...c3x, RATE_PROVIDER: undefined, CARRIER_PROVIDER: 'c3x' }).carrier).toEqual({
      provider: 'c3x',
      baseUrl: c3x.C3X_BASE_URL,
      accountNo: 'ACC',
      userName: 'user',
      password: 'pass',
    });
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).trackingIntervalSeconds).toBe(900);
    expect(refusal({ ...base, TRACKING_INTERVAL_SECONDS: '-1' })).toContain('TRACKING_INTERVAL_SECONDS');
  });

  it('takes N-Genius in production with its variables, PURCHASE being the default action', () => {
    const config = loadConfig({ ...production, ...ngenius, NGENIUS_WEBHOOK_SECRET: 'a-shared-secret-of-length' });
    expect(config.payments).toEqual({
      provider: 'ngenius',
      baseUrl: ngenius.NGENIUS_BASE_URL,
      apiKey: 'key',
      outletRef: 'outlet',
      action: 'PURCHASE',
      webhookSecret: 'a-shared-secret-of-length',
    });
    expect(loadConfig({ ...base, ...ngenius, NGENIUS_ACTION: 'SALE' }).payments).toMatchObject({ action: 'SALE' });
  });

  it('names every missing N-Genius variable', () => {
    const all = refusal({ ...base, PAYMENT_PROVIDER: 'ngenius' });
    for (const name of ['NGENIUS_BASE_URL', 'NGENIUS_API_KEY', 'NGENIUS_OUTLET_REF']) {
      expect(all).toContain(`${name}: required when PAYMENT_PROVIDER=ngenius`);
    }
    const one = refusal({ ...base, ...ngenius, NGENIUS_OUTLET_REF: '' });
    expect(one).toContain('NGENIUS_OUTLET_REF: required when PAYMENT_PROVIDER=ngenius');
    expect(one).not.toContain('NGENIUS_API_KEY');
  });

  it('refuses bad N-Genius values by name', () => {
    expect(refusal({ ...base, ...ngenius, NGENIUS_WEBHOOK_SECRET: 'short' })).toContain(
      'NGENIUS_WEBHOOK_SECRET: must be at least 16 characters',
    );
    expect(refusal({ ...base, ...ngenius, NGENIUS_BASE_URL: 'not a url' })).toContain('NGENIUS_BASE_URL');
    expect(refusal({ ...base, ...ngenius, NGENIUS_ACTION: 'AUTH' })).toContain('NGENIUS_ACTION: must be PURCHASE or SALE');
    expect(refusal({ ...base, PAYMENT_PROVIDER: 'stripe' })).toContain('PAYMENT_PROVIDER: must be sandbox or ngenius');
  });

  it('takes C3X with its variables, DXB being the default station', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development', ...c3x }).rates).toEqual({
      provider: 'c3x',
      baseUrl: c3x.C3X_BASE_URL,
      accountNo: 'ACC',
      userName: 'user',
      password: 'pass',
      defaultStation: 'DXB',
    });
  });

  it('names every missing C3X variable', () => {
    const all = refusal({ ...base, RATE_PROVIDER: 'c3x' });
    for (const name of ['C3X_BASE_URL', 'C3X_ACCOUNT_NO', 'C3X_USERNAME', 'C3X_PASSWORD']) {
      expect(all).toContain(`${name}: required when RATE_PROVIDER=c3x`);
    }
    const one = refusal({ ...base, ...c3x, C3X_PASSWORD: undefined });
    expect(one).toContain('C3X_PASSWORD: required when RATE_PROVIDER=c3x');
    expect(one).not.toContain('C3X_USERNAME');
    expect(refusal({ ...base, ...c3x, C3X_DEFAULT_STATION: 'dubai' })).toContain(
      'C3X_DEFAULT_STATION: must be a 3-letter station code such as DXB',
    );
    expect(refusal({ ...base, RATE_PROVIDER: 'aramex' })).toContain('RATE_PROVIDER: must be ratecard or c3x');
  });
});

const dhl = { DHL_API_KEY: 'dhl-key', DHL_API_SECRET: 'dhl-secret', DHL_ACCOUNT_NUMBER: '951234567' };

describe('loadConfig: the carriers offered (CARRIERS) and DHL Express (DHL_*)', () => {
  const development = { ...base, NODE_ENV: 'development' };

  it('offers CARRIER_PROVIDER alone when CARRIERS is unset, and each carrier listed once otherwise', () => {
    expect(loadConfig(development).carriers.offered).toEqual(['sandbox']);
    expect(loadConfig({ ...development, ...dhl, CARRIERS: ' Sandbox, dhl ,dhl,' }).carriers.offered).toEqual(['sandbox', 'dhl']);
  });

  it('takes DHL with its key, secret and account on the production root unless told another', () => {
    const config = loadConfig({ ...development, ...dhl, CARRIER_PROVIDER: 'dhl' });
    const account = {
      baseUrl: 'https://express.api.dhl.com/mydhlapi',
      apiKey: 'dhl-key',
      apiSecret: 'dhl-secret',
      accountNumber: '951234567',
    };
    expect(config.carrier).toEqual({ provider: 'dhl', ...account });
    expect(config.carriers.offered).toEqual(['dhl']);
    expect(config.reachable.dhl).toEqual(account);
    const test = loadConfig({ ...development, ...dhl, CARRIERS: 'sandbox,dhl', DHL_BASE_URL: 'https://express.api.dhl.com/mydhlapi/test' });
    expect(test.reachable.dhl?.baseUrl).toBe('https://express.api.dhl.com/mydhlapi/test');
    expect(test.carrier).toEqual({ provider: 'sandbox' });
  });

  it('names every missing DHL variable, whether CARRIERS lists dhl or CARRIER_PROVIDER is dhl', () => {
    const listed = refusal({ ...development, CARRIERS: 'sandbox,dhl' });
    for (const name of ['DHL_API_KEY', 'DHL_API_SECRET', 'DHL_ACCOUNT_NUMBER'])
      expect(listed).toContain(`${name}: required when CARRIERS lists dhl`);
    const one = refusal({ ...development, ...dhl, DHL_API_SECRET: undefined, CARRIER_PROVIDER: 'dhl' });
    expect(one).toContain('DHL_API_SECRET: required when CARRIER_PROVIDER=dhl');
    expect(one).not.toContain('DHL_API_KEY');
    expect(refusal({ ...development, ...dhl, CARRIERS: 'dhl', DHL_BASE_URL: 'not a url' })).toContain('DHL_BASE_URL');
    // Part of an account is no account: nothing is reachable with it.
    expect(loadConfig({ ...development, DHL_API_KEY: 'dhl-key' }).reachable.dhl).toBeUndefined();
  });

  it('refuses a carrier it does not know, an empty list, and C3X without its account', () => {
    const among = 'CARRIERS: must list carriers among sandbox, c3x, dhl, separated by commas';
    expect(refusal({ ...development, CARRIERS: 'sandbox,fedex' })).toContain(among);
    expect(refusal({ ...development, CARRIERS: ' , ' })).toContain(among);
    expect(refusal({ ...development, CARRIER_PROVIDER: 'aramex' })).toContain('CARRIER_PROVIDER: must be sandbox, c3x or dhl');
    expect(refusal({ ...development, CARRIERS: 'c3x,dhl', ...dhl })).toContain('C3X_PASSWORD: required when CARRIERS lists c3x');
  });
});

describe('loadConfig: production fails closed', () => {
  const published = { DATA_DIR: '/tmp/hopbox-config-test', PUBLIC_URL: 'https://portal.example.com' };

  it('treats a published PUBLIC_URL without NODE_ENV as production: JWT_SECRET required, no sandbox', () => {
    expect(refusal(published)).toContain('JWT_SECRET: required in production');
    const sandbox = refusal({ ...published, JWT_SECRET: base.JWT_SECRET });
    expect(sandbox).toContain('PAYMENT_PROVIDER');
    const config = loadConfig({ ...published, JWT_SECRET: base.JWT_SECRET, ...ngenius, SANDBOX_CARRIER_IN_PRODUCTION: 'true' });
    expect(config.env).toBe('production');
    expect(config.seedDemo).toBe(false);
    expect(config.apiDocs).toBe(false);
  });

  it('stays in development on this machine without NODE_ENV', () => {
    for (const url of [undefined, 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://hopbox.localhost']) {
      const config = loadConfig({ DATA_DIR: '/tmp/hopbox-config-test', PUBLIC_URL: url });
      expect(config.env, url).toBe('development');
      expect(config.apiDocs).toBe(true);
      expect(config.payments).toEqual({ provider: 'sandbox' });
    }
  });

  it('never seeds demo accounts in production, even when asked', () => {
    expect(refusal({ ...production, ...ngenius, SEED_DEMO: 'true' })).toContain('SEED_DEMO');
    expect(loadConfig({ ...production, ...ngenius, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('serves /docs in production only with API_DOCS=true', () => {
    expect(loadConfig({ ...production, ...ngenius }).apiDocs).toBe(false);
    expect(loadConfig({ ...production, ...ngenius, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('keeps sent mail bodies 30 days and runs housekeeping hourly unless told otherwise', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'development' });
    expect(config.mailRetentionDays).toBe(30);
    expect(config.housekeepingIntervalMinutes).toBe(60);
    expect(refusal({ ...base, NODE_ENV: 'development', MAIL_RETENTION_DAYS: '0' })).toContain('MAIL_RETENTION_DAYS');
  });
});

describe('loadConfig: the business time zone of mails', () => {
  it('is UTC unless configured, and takes an IANA zone', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).timeZone).toBe('UTC');
    expect(loadConfig({ ...base, NODE_ENV: 'development', BUSINESS_TIME_ZONE: 'Asia/Dubai' }).timeZone).toBe('Asia/Dubai');
  });

  it('refuses a zone Intl does not know', () => {
    expect(refusal({ ...base, NODE_ENV: 'development', BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toMatch(
      /BUSINESS_TIME_ZONE: must be an IANA time zone/,
    );
  });
});

describe('loadConfig: how long the database may keep a request waiting (decision 040)', () => {
  it('bounds every wait by default: 5 s for a connection, 10 s a statement, 30 s idle in a transaction, 60 s at start-up', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'development' });
    expect(config.databaseLimits).toEqual({ connectTimeoutMs: 5_000, statementTimeoutMs: 10_000, idleInTransactionTimeoutMs: 30_000 });
    expect(config.databaseStartupTimeoutMs).toBe(60_000);
  });

  it('reads DATABASE_*_TIMEOUT_SECONDS', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'development',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '30',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: '45',
      DATABASE_STARTUP_TIMEOUT_SECONDS: '0',
    });
    expect(config.databaseLimits).toEqual({ connectTimeoutMs: 2_000, statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 45_000 });
    expect(config.databaseStartupTimeoutMs).toBe(0);
  });

  it('refuses a wait that is not bounded or not a number, naming the variable', () => {
    expect(refusal({ ...base, DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' })).toContain(
      'DATABASE_STATEMENT_TIMEOUT_SECONDS: must be at least 1',
    );
    expect(refusal({ ...base, DATABASE_CONNECT_TIMEOUT_SECONDS: 'soon' })).toContain(
      'DATABASE_CONNECT_TIMEOUT_SECONDS: must be a number of seconds',
    );
    expect(refusal({ ...base, DATABASE_CONNECT_TIMEOUT_SECONDS: '600' })).toContain('DATABASE_CONNECT_TIMEOUT_SECONDS: must be at most 60');
  });
});
