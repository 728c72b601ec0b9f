import { describe, expect, it } from 'vitest';
import { returnToFromState } from './return-to';

describe('returnToFromState', () => {
  it('returns to the remembered page with its query and hash', () => {
    expect(returnToFromState({ from: { pathname: '/profile', search: '?tab=1', hash: '#change-password' } })).toBe(
      '/profile?tab=1#change-password',
    );
    expect(returnToFromState({ from: { pathname: '/user/shipment-payment-callback', search: '?ref=abc' } })).toBe(
      '/user/shipment-payment-callback?ref=abc',
    );
  });

  it('defaults to /dashboard', () => {
    expect(returnToFromState(undefined)).toBe('/dashboard');
    expect(returnToFromState(null)).toBe('/dashboard');
    expect(returnToFromState({})).toBe('/dashboard');
    expect(returnToFromState({ from: { pathname: '/signin' } })).toBe('/dashboard');
  });

  it('refuses anything but a same-site path', () => {
    expect(returnToFromState({ from: { pathname: '//evil.example/x' } })).toBe('/dashboard');
    expect(returnToFromState({ from: { pathname: 'https://evil.example' } })).toBe('/dashboard');
    expect(returnToFromState({ from: { pathname: '/\\evil.example' } })).toBe('/dashboard');
  });
});
