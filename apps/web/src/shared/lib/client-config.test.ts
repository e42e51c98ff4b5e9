import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadClientConfig, parseClientConfig, signUpPossible } from './client-config.js';

describe('client run-time config', () => {
  it('reads the server config', () => {
    const c = parseClientConfig({
      projectId: 'p1',
      backendEndpoint: '/v1',
      catalogueHosts: ['https://m.example/api', '/api'],
      signIn: { google: true, oidc: false, email: true },
    });
    expect(c).toEqual({ projectId: 'p1', backendEndpoint: '/v1', catalogueHosts: ['https://m.example/api', '/api'], signIn: { google: true, oidc: false, email: true } });
  });

  it('keeps the defaults for missing or malformed fields', () => {
    expect(parseClientConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(parseClientConfig({ catalogueHosts: [] }).catalogueHosts).toEqual(['/api']);
    expect(parseClientConfig({ catalogueHosts: [1, 2] }).catalogueHosts).toEqual(['/api']);
    expect(parseClientConfig({ catalogueHosts: ['  ', '/x'] }).catalogueHosts).toEqual(['/x']);
  });

  it('falls back to this server when /config.json cannot be read', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(loadClientConfig(down)).resolves.toEqual(DEFAULT_CONFIG);
    const notFound = (async () => new Response('no', { status: 404 })) as unknown as typeof fetch;
    await expect(loadClientConfig(notFound)).resolves.toEqual(DEFAULT_CONFIG);
  });

  it('reads whether the next sign-up is the server\'s first account', () => {
    expect(parseClientConfig({ signUps: 'invite', firstAccount: true })).toMatchObject({ signUps: 'invite', firstAccount: true });
    expect(parseClientConfig({ signUps: 'invite', firstAccount: 'yes' })).not.toHaveProperty('firstAccount');
  });
});

describe('signUpPossible', () => {
  it('is true on an open server, or an invite-only one with an invitation or no account yet, never on a closed one', () => {
    expect(signUpPossible({}, false)).toBe(true);
    expect(signUpPossible({ signUps: 'open' }, false)).toBe(true);
    expect(signUpPossible({ signUps: 'invite' }, false)).toBe(false);
    expect(signUpPossible({ signUps: 'invite' }, true)).toBe(true);
    expect(signUpPossible({ signUps: 'invite', firstAccount: true }, false)).toBe(true);
    expect(signUpPossible({ signUps: 'closed' }, true)).toBe(false);
    expect(signUpPossible({ signUps: 'closed', firstAccount: true }, false)).toBe(false);
  });
});
