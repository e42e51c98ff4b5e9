import { describe, expect, it } from 'vitest';
import { backendAddress } from './backend-address.js';

describe('backendAddress', () => {
  it('resolves a site-relative address against the backend the app talks to', () => {
    expect(backendAddress('/videos/s1/preview.mp4', '/v1', 'http://192.168.1.20:9000')).toBe('http://192.168.1.20:9000/videos/s1/preview.mp4');
    expect(backendAddress('/media/s1/160.mp4', 'https://music.example.org/v1', 'http://localhost:5173')).toBe('https://music.example.org/media/s1/160.mp4');
  });

  it('keeps absolute addresses and empty ones as they are', () => {
    expect(backendAddress('https://cdn.example/v.mp4', '/v1', 'http://a')).toBe('https://cdn.example/v.mp4');
    expect(backendAddress('', '/v1', 'http://a')).toBe('');
  });
});
