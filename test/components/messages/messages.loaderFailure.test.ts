// The catalogue loader when a catalogue's chunk cannot be fetched. A file of its own: replacing a
// module resets the file's module registry, after which a catalogue loaded again is another
// instance than the one a static import gave, which the loader's own tests compare with.
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('given a catalogue that cannot be fetched', () => {
  afterEach(() => {
    vi.doUnmock('../../../src/components/messages/fr.js');
    vi.resetModules();
  });

  it('should give English rather than reject', async () => {
    vi.resetModules();
    vi.doMock('../../../src/components/messages/fr.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const fresh = await import('../../../src/components/messages/loadMessages.js');
    const english = await import('../../../src/components/messages/en.js');
    await expect(fresh.loadMessages('fr')).resolves.toBe(english.en);
  });
});
