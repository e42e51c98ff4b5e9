import { describe, expect, it } from 'vitest';
import { RadioStationsResponse } from './radio.js';

describe('radio stations', () => {
  it('reads the list the server sends, and refuses a station without a name', () => {
    const body = { success: true, data: [{ id: 'ab12', name: 'Night Shift FM', homePageUrl: null }] };
    expect(RadioStationsResponse.parse(body).data[0]!.name).toBe('Night Shift FM');
    expect(RadioStationsResponse.safeParse({ success: true, data: [{ id: 'ab12', homePageUrl: null }] }).success).toBe(false);
  });
});
