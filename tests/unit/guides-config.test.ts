import { describe, expect, it } from 'vitest';
import { DEFAULT_FLIGHT_SEARCH_URL, loadConfig } from '../../api/src/platform/config.js';

describe('content pages configuration', () => {
  it('takes the contact address from CONTACT_EMAIL, else the address part of MAIL_FROM', () => {
    expect(loadConfig({ CONTACT_EMAIL: 'hello@tripcrew.example' }).contactEmail).toBe('hello@tripcrew.example');
    expect(loadConfig({ MAIL_FROM: 'Tripcrew <team@tripcrew.example>' }).contactEmail).toBe('team@tripcrew.example');
    expect(loadConfig({}).contactEmail).toBe('no-reply@localhost');
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
