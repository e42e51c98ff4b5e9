import { describe, expect, it } from 'vitest';
import { checkRedirectUrl, failureLocation, withParams } from './redirect-urls.js';

const allowed = (o: string) => o === 'https://app.example.com';

describe('OAuth redirect URLs', () => {
  it('keeps an URL on an allowed origin and defaults a missing one', () => {
    expect(checkRedirectUrl('success', 'https://app.example.com/cb?x=1', 'https://d/', allowed)).toBe(
      'https://app.example.com/cb?x=1',
    );
    expect(checkRedirectUrl('success', undefined, 'https://d/', allowed)).toBe('https://d/');
    expect(checkRedirectUrl('failure', '', 'https://d/', allowed)).toBe('https://d/');
  });

  it.each([
    'https://evil.example/cb',
    'https://app.example.com.evil.example/',
    'http://app.example.com/',
    'javascript:alert(1)',
    '//evil.example/',
    '/relative',
    'not a url',
  ])('refuses %s', (url) => {
    expect(() => checkRedirectUrl('success', url, 'https://d/', allowed)).toThrow(
      expect.objectContaining({ code: 400, type: 'project_invalid_success_url', message: 'Invalid redirect URL for OAuth success.' }),
    );
    expect(() => checkRedirectUrl('failure', url, 'https://d/', allowed)).toThrow(
      expect.objectContaining({ code: 400, type: 'project_invalid_failure_url' }),
    );
  });

  it('appends to the existing query, before the fragment', () => {
    expect(withParams('https://app.example.com/ok?x=1#top', { secret: 's', userId: 'u1' })).toBe(
      'https://app.example.com/ok?x=1&secret=s&userId=u1#top',
    );
  });

  it('puts the error as JSON in the failure URL', () => {
    const loc = new URL(failureLocation('https://app.example.com/callback', { message: 'no', type: 'user_oauth2_provider_error', code: 424 }));
    expect(JSON.parse(loc.searchParams.get('error')!)).toEqual({ message: 'no', type: 'user_oauth2_provider_error', code: 424 });
  });
});
