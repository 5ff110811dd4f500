interface Link {
  source: string;
  target: string;
}

/**
 * Kahn's algorithm over the given nodes and links (links naming unknown nodes are ignored).
 * `order` lists nodes so that every link points forward, ties kept in declaration order;
 * `cyclic` holds the nodes that could not be ordered because they sit on or behind a cycle.
 */
export function topologicalOrder(nodeIds: ReadonlyArray<string>, links: ReadonlyArray<Link>): { order: string[]; cyclic: string[] } {
  const known = new Set(nodeIds);
  const indegree = new Map(nodeIds.map((id) => [id, 0]));
  const successors = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  for (const { source, target } of links) {
    if (!known.has(source) || !known.has(target)) continue;
    successors.get(source)?.push(target);
    indegree.set(target, (indegree.get(target) ?? 0) + 1);
  }
  const ready = nodeIds.filter((id) => indegree.get(id) === 0);
  const order: string[] = [];
  for (let next = 0; next < ready.length; next++) {
    const id = ready[next];
    order.push(id);
    for (const target of successors.get(id) ?? []) {
      const left = (indegree.get(target) ?? 0) - 1;
      indegree.set(target, left);
      if (left === 0) ready.push(target);
    }
  }
  const placed = new Set(order);
  return { order, cyclic: nodeIds.filter((id) => !placed.has(id)) };
}

/** The nodes reachable from `from` along the links, `from` included. */
export function reachableFrom(from: string, links: ReadonlyArray<Link>): Set<string> {
  const successors = new Map<string, string[]>();
  for (const { source, target } of links) {
    const list = successors.get(source);
    if (list) list.push(target);
    else successors.set(source, [target]);
  }
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    for (const target of successors.get(queue.shift() as string) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}
