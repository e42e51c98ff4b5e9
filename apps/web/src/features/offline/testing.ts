/** Offline listening's test doubles for other features' unit tests (never imported by the app). */
export { FAKE_SONG_BYTES, installFakeOfflineDevice, type FakeOfflineDevice } from './offline-fake.js';
