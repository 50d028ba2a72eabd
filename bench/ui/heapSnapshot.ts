// Reading V8 heap snapshots (the JSON that HeapProfiler.takeHeapSnapshot streams) for
// bench/retained.ts: which objects are new in a later snapshot of the same page, grouped by
// constructor, and the shortest chain of references that keeps one of them alive. Node ids are
// stable across the snapshots of one page, so "new" is "an id the earlier snapshot lacked".

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapGraph {
  /** Node count. */
  size: number;
  id: (node: number) => number;
  /** `object`, `closure`, `native`, `string`… */
  type: (node: number) => string;
  /** The constructor's name for objects, the function's for closures, the tag for natives. */
  name: (node: number) => string;
  selfSize: (node: number) => number;
  /** Ids of every node. */
  ids: () => Set<number>;
  /** The shortest strong path from the snapshot's root to `node`, as `name —edge→ name …`. */
  retainerPath: (node: number) => string[];
}

export function readHeapSnapshot(json: string): HeapGraph {
  const raw = JSON.parse(json) as RawSnapshot;
  const { meta } = raw.snapshot;
  const nodeFieldCount = meta.node_fields.length;
  const edgeFieldCount = meta.edge_fields.length;
  const field = (fields: string[], name: string) => {
    const index = fields.indexOf(name);
    if (index < 0) throw new Error(`heap snapshot: no ${name} field`);
    return index;
  };
  const nType = field(meta.node_fields, 'type');
  const nName = field(meta.node_fields, 'name');
  const nId = field(meta.node_fields, 'id');
  const nSelf = field(meta.node_fields, 'self_size');
  const nEdges = field(meta.node_fields, 'edge_count');
  const eType = field(meta.edge_fields, 'type');
  const eName = field(meta.edge_fields, 'name_or_index');
  const eTo = field(meta.edge_fields, 'to_node');
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const size = raw.nodes.length / nodeFieldCount;
  const at = (node: number, f: number) => raw.nodes[node * nodeFieldCount + f] ?? 0;

  const firstEdge = new Uint32Array(size + 1);
  for (let node = 0; node < size; node++) firstEdge[node + 1] = (firstEdge[node] ?? 0) + at(node, nEdges) * edgeFieldCount;

  const type = (node: number) => nodeTypes[at(node, nType)] ?? '?';
  const name = (node: number) => raw.strings[at(node, nName)] ?? '?';

  // Parents on a breadth-first walk from the root over strong edges (weak ones retain nothing).
  let parents: Int32Array | undefined;
  let parentEdge: Int32Array | undefined;
  const walk = () => {
    const parent = new Int32Array(size).fill(-1);
    const via = new Int32Array(size).fill(-1);
    parent[0] = 0;
    const queue = new Uint32Array(size);
    let head = 0;
    let tail = 0;
    queue[tail++] = 0;
    while (head < tail) {
      const node = queue[head++] ?? 0;
      for (let e = firstEdge[node] ?? 0; e < (firstEdge[node + 1] ?? 0); e += edgeFieldCount) {
        if (edgeTypes[raw.edges[e + eType] ?? 0] === 'weak') continue;
        const to = (raw.edges[e + eTo] ?? 0) / nodeFieldCount;
        if (parent[to] !== -1) continue;
        parent[to] = node;
        via[to] = e;
        queue[tail++] = to;
      }
    }
    parents = parent;
    parentEdge = via;
  };
  const edgeLabel = (e: number) => {
    const kind = edgeTypes[raw.edges[e + eType] ?? 0];
    const value = raw.edges[e + eName] ?? 0;
    return kind === 'element' || kind === 'hidden' ? `[${String(value)}]` : (raw.strings[value] ?? '?');
  };

  return {
    size,
    id: (node) => at(node, nId),
    type,
    name,
    selfSize: (node) => at(node, nSelf),
    ids: () => {
      const ids = new Set<number>();
      for (let node = 0; node < size; node++) ids.add(at(node, nId));
      return ids;
    },
    retainerPath: (node) => {
      if (!parents) walk();
      const path: string[] = [];
      let current = node;
      for (let hops = 0; current !== 0 && hops < 40; hops++) {
        const parent = parents?.[current] ?? -1;
        if (parent < 0) return [`${type(node)} ${name(node)} (only weakly held)`];
        path.unshift(`${type(current)} ${name(current).slice(0, 60)}`, `—${edgeLabel(parentEdge?.[current] ?? 0)}→`);
        current = parent;
      }
      return path;
    },
  };
}

export interface RetainedGroup {
  /** `type name`, e.g. `object FiberNode`, `native Detached HTMLIFrameElement`. */
  group: string;
  count: number;
  bytes: number;
  /** One of its nodes, for `retainerPath`. */
  sample: number;
}

/** Nodes of `after` whose ids `before` lacks, grouped by type and name, largest first. */
export function newObjects(before: Set<number>, after: HeapGraph): RetainedGroup[] {
  const groups = new Map<string, RetainedGroup>();
  for (let node = 0; node < after.size; node++) {
    if (before.has(after.id(node))) continue;
    const group = `${after.type(node)} ${after.name(node).slice(0, 80)}`;
    const entry = groups.get(group) ?? { group, count: 0, bytes: 0, sample: node };
    entry.count += 1;
    entry.bytes += after.selfSize(node);
    groups.set(group, entry);
  }
  return [...groups.values()].sort((a, b) => b.bytes - a.bytes);
}
