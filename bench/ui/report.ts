// The bench's figures, their goals, the printed table and bench/results.json.
import { writeFile } from 'node:fs/promises';

export interface Goal {
  comparison: '<=' | '>=' | '==';
  target: number;
  /** How the goal reads in the table, e.g. `≤ 1.2`. */
  text: string;
}

export interface Figure {
  /** `1`, `2`, `3`, `4a`…: the figure of the bench's brief it answers. */
  id: string;
  name: string;
  /** null: not measured in this run (see `detail.skipped`). */
  value: number | null;
  unit: string;
  /** How the value reads in the table. */
  display: string;
  goal: Goal;
  /** null when not measured. */
  pass: boolean | null;
  /** Everything behind the value: samples' medians and percentiles, counts, settings. */
  detail: Record<string, unknown>;
}

export function meets(value: number, goal: Goal): boolean {
  switch (goal.comparison) {
    case '<=':
      return value <= goal.target;
    case '>=':
      return value >= goal.target;
    case '==':
      return value === goal.target;
  }
}

export function figure(init: Omit<Figure, 'pass' | 'display'> & { display?: string }): Figure {
  const { value } = init;
  return {
    ...init,
    display: init.display ?? (value === null ? 'not measured' : `${String(value)} ${init.unit}`),
    pass: value === null || Number.isNaN(value) ? null : meets(value, init.goal),
  };
}

export const goals = {
  atMost: (target: number, unit = ''): Goal => ({ comparison: '<=', target, text: `≤ ${String(target)}${unit}` }),
  atLeast: (target: number, unit = ''): Goal => ({ comparison: '>=', target, text: `≥ ${String(target)}${unit}` }),
  exactly: (target: number, unit = ''): Goal => ({ comparison: '==', target, text: `${String(target)}${unit}` }),
};

const verdict = (pass: boolean | null) => (pass === null ? 'not measured' : pass ? 'met' : '**not met**');

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Characters as a terminal shows them (`≤`, `×`, `→` are one each). */
const width = (text: string) => Array.from(graphemes.segment(text)).length;

/** The figures as a Markdown table, ready for the README. */
export function table(figures: readonly Figure[]): string {
  const rows = [
    ['#', 'figure', 'measured', 'goal', 'result'],
    ...figures.map((f) => [f.id, f.name, f.display, f.goal.text, verdict(f.pass)]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => width(row[column]!))));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell + ' '.repeat(widths[column]! - width(cell))).join(' | ')} |`;
  return [line(rows[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  chromium: string;
  os: string;
  /** 1-minute load average when the bench started: the machine may be shared. */
  loadAverageAtStart: number;
}

export interface Results {
  date: string;
  machine: Machine;
  settings: Record<string, unknown>;
  durationSeconds: number;
  figures: Figure[];
  /** bench/proxy.ts's own result, as it wrote it. */
  proxy: unknown;
}

export async function writeResults(file: string, results: Results): Promise<void> {
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
}
