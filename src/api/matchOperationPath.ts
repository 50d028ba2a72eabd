import type { OperationDefinition } from './defineOperation.js';
import type { OperationName } from './operations.js';

/** Operations by name, as a proxy or the sandbox serves them. */
export type OperationTable = Readonly<Partial<Record<OperationName, OperationDefinition & { name: OperationName }>>>;

export interface OperationMatch {
  operation: OperationDefinition & { name: OperationName };
  /** Raw (not yet validated) path parameters. */
  params: Record<string, string>;
}

interface TemplateSegment {
  /** A `{param}` segment's name, or undefined for a literal segment. */
  param: string | undefined;
  literal: string;
}

type Template = { operation: OperationMatch['operation']; template: TemplateSegment[] };

/** Every table's path templates, split once, not on every request matched. */
const templatesByTable = new WeakMap<OperationTable, Template[]>();

function templatesOf(table: OperationTable): Template[] {
  let templates = templatesByTable.get(table);
  if (templates === undefined) {
    templates = Object.values(table).map((operation) => ({
      operation,
      template: operation.path.split('/').map((segment): TemplateSegment => {
        const param = /^\{([a-z_]+)\}$/.exec(segment)?.[1];
        return { param, literal: segment };
      }),
    }));
    templatesByTable.set(table, templates);
  }
  return templates;
}

/**
 * Finds the operation of `table` a method-less pathname belongs to. Segments are compared
 * literally; a `{param}` segment takes one whole non-empty segment. Returns every entry with a
 * matching path (so a caller can answer 405 with `Allow`), or an empty list.
 */
export function matchOperationPath(pathname: string, table: OperationTable): OperationMatch[] {
  const segments = pathname.split('/');
  const matches: OperationMatch[] = [];
  for (const { operation, template } of templatesOf(table)) {
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < template.length && ok; i++) {
      const t = template[i] as TemplateSegment;
      const s = segments[i] as string;
      if (t.param !== undefined) {
        if (s === '') ok = false;
        else params[t.param] = s;
      } else if (t.literal !== s) ok = false;
    }
    if (ok) matches.push({ operation, params });
  }
  return matches;
}
