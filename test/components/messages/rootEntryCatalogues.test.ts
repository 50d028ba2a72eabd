// The root entry is what `import * as kit from 'payments-kit'` keeps whole: it carries no
// catalogue, not even the English one, so a page pays only for the words its components show;
// every catalogue is in `payments-kit/messages` (docs/components.md#messages).
import { describe, expect, it } from 'vitest';
import * as root from 'payments-kit';
import * as messagesEntry from 'payments-kit/messages';

describe('given the root entry payments-kit', () => {
  it('should export no catalogue', () => {
    const exported: unknown[] = Object.values(root);
    const carried = Object.entries(messagesEntry.messagesByLocale)
      .filter(([, catalogue]) => exported.includes(catalogue))
      .map(([locale]) => locale);
    expect(carried).toEqual([]);
    expect(Object.keys(root).filter((name) => name.startsWith('messages'))).toEqual([]);
  });

  it('should leave messagesEn to payments-kit/messages, the English catalogue whole', () => {
    expect(messagesEntry.messagesEn).toBe(messagesEntry.messagesByLocale.en);
  });
});
