import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/platform/config.js';

describe('the reservation reader’s configuration', () => {
  it('is off unless a URL is given', () => {
    expect(loadConfig({}).reservationReader).toBeUndefined();
    expect(loadConfig({ RESERVATION_READER_MODEL: 'm', RESERVATION_READER_KEY: 'k' }).reservationReader).toBeUndefined();
  });

  it('takes an endpoint’s base or its chat-completions address, with a model, a key and a bounded deadline', () => {
    expect(loadConfig({ RESERVATION_READER_URL: 'http://localhost:8080/v1/', RESERVATION_READER_MODEL: 'qwen' }).reservationReader).toEqual({
      url: 'http://localhost:8080/v1/chat/completions',
      model: 'qwen',
      key: undefined,
      timeoutMs: 20_000,
    });
    const full = {
      RESERVATION_READER_URL: 'https://llm.example/v1/chat/completions',
      RESERVATION_READER_MODEL: 'm',
      RESERVATION_READER_KEY: 'sk',
      RESERVATION_READER_TIMEOUT_MS: '999999',
    };
    expect(loadConfig(full).reservationReader).toEqual({ url: 'https://llm.example/v1/chat/completions', model: 'm', key: 'sk', timeoutMs: 120_000 });
  });

  it('stops the start on a wrong value', () => {
    expect(() => loadConfig({ RESERVATION_READER_URL: 'not a url', RESERVATION_READER_MODEL: 'm' })).toThrow(/RESERVATION_READER_URL/);
    expect(() => loadConfig({ RESERVATION_READER_URL: 'ftp://llm.example/v1', RESERVATION_READER_MODEL: 'm' })).toThrow(/RESERVATION_READER_URL/);
    expect(() => loadConfig({ RESERVATION_READER_URL: 'http://localhost:8080/v1' })).toThrow(/RESERVATION_READER_MODEL/);
  });
});
