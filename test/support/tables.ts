// Table-driven checks assert a whole table in one test: every cell is checked, and a failure
// names each offending cell, not only the first.

/** A value as a failure message shows it: JSON, `undefined` as such. */
export const shown = (value: unknown): string => (value === undefined ? 'undefined' : JSON.stringify(value));

/**
 * The rows of `table` whose answer is not the one expected (`Object.is`), each as
 * `input: answer, want expected`; none: `[]`. Assert it with `expect(…).toEqual([])`.
 */
export function mismatches<Input, Output>(
  table: readonly (readonly [Input, Output])[],
  answer: (input: Input) => Output,
  show: (value: Input | Output) => string = shown,
): string[] {
  return table.flatMap(([input, expected]) => {
    const actual = answer(input);
    return Object.is(actual, expected) ? [] : [`${show(input)}: ${show(actual)}, want ${show(expected)}`];
  });
}
