// The root entry is what `import * as kit from 'payments-kit'` keeps whole: it carries the English
// default and no other language's words, which live in `payments-kit/messages` (docs/components.md#messages).
import { describe, expect, it } from 'vitest';
import * as root from '../../../src/index.js';
import { messagesByLocale, messagesEn } from '../../../src/components/messages/index.js';

describe('given the root entry payments-kit', () => {
  it('should export the English catalogue and no other', () => {
    const exported: unknown[] = Object.values(root);
    const carried = Object.entries(messagesByLocale)
      .filter(([, catalogue]) => exported.includes(catalogue))
      .map(([locale]) => locale);
    expect(carried).toEqual(['en']);
    expect(root.messagesEn).toBe(messagesEn);
  });
});
