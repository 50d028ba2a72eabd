// CSV text for the transfers export (docs/server.md#transfers-export): RFC 4180 quoting, and no
// cell a spreadsheet would run as a formula.

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
/** What a spreadsheet reads as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a formula-like text gets a leading `'` (a plain number such as `-1000` stays a
 * number), line breaks become spaces so every record is one line (the page counts lines for
 * progress), and a cell holding `,` or `"` is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  text = text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 writes it. */
export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
