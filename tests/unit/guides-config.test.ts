import { describe, expect, it } from 'vitest';
import { DEFAULT_FLIGHT_SEARCH_URL, loadConfig } from '../../api/src/platform/config.js';

describe('content pages configuration', () => {
  it('takes the contact address from CONTACT_EMAIL, else the address part of MAIL_FROM', () => {
    expect(loadConfig({ CONTACT_EMAIL: 'hello@tripcrew.example' }).contactEmail).toBe('hello@tripcrew.example');
    expect(loadConfig({ MAIL_FROM: 'Tripcrew <team@tripcrew.example>' }).contactEmail).toBe('team@tripcrew.example');
    // No address a person reads: the contact page says so rather than showing a no-reply one.
    expect(loadConfig({}).contactEmail).toBeNull();
    expect(loadConfig({ MAIL_FROM: 'Tripcrew <no-reply@tripcrew.example>' }).contactEmail).toBeNull();
    expect(loadConfig({ MAIL_FROM: 'team@localhost' }).contactEmail).toBeNull();
  });

  it('takes a flight search template with {to}, and stops on a wrong one', () => {
    expect(loadConfig({}).flightSearchUrl).toBe(DEFAULT_FLIGHT_SEARCH_URL);
    expect(loadConfig({ FLIGHT_SEARCH_URL: 'https://flights.example/search?from={from}&to={to}' }).flightSearchUrl).toBe(
      'https://flights.example/search?from={from}&to={to}',
    );
    expect(() => loadConfig({ FLIGHT_SEARCH_URL: 'javascript:alert({to})' })).toThrow(/FLIGHT_SEARCH_URL/);
    expect(() => loadConfig({ FLIGHT_SEARCH_URL: 'https://flights.example/search' })).toThrow(/FLIGHT_SEARCH_URL/);
  });
});
