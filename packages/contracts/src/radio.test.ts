import { describe, expect, it } from 'vitest';
import { RadioStationsResponse } from './radio.js';

describe('radio stations', () => {
  it('reads the list the server sends, and refuses a station without a name', () => {
    const body = { success: true, data: [{ id: 'ab12', name: 'Night Shift FM', homePageUrl: null, image: '/api/radio/ab12/cover/0a1b2c3d/500.jpg' }] };
    expect(RadioStationsResponse.parse(body).data[0]!.name).toBe('Night Shift FM');
    expect(RadioStationsResponse.safeParse({ success: true, data: [{ id: 'ab12', homePageUrl: null, image: '/api/radio/ab12/cover/0a1b2c3d/500.jpg' }] }).success).toBe(false);
  });
});
