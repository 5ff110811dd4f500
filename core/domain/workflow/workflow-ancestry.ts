interface Link {
  source: string;
  target: string;
}

/** For each node, the nodes with a path to it (its upstream), itself excluded. */
export function ancestorsByNode(nodeIds: ReadonlyArray<string>, links: ReadonlyArray<Link>): Map<string, Set<string>> {
  const parents = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  for (const { source, target } of links) parents.get(target)?.push(source);
  const ancestors = new Map<string, Set<string>>();
  const visit = (id: string): Set<string> => {
    const known = ancestors.get(id);
    if (known) return known;
    const found = new Set<string>();
    ancestors.set(id, found);
    for (const parent of parents.get(id) ?? []) {
      found.add(parent);
      for (const above of visit(parent)) found.add(above);
    }
    return found;
  };
  for (const id of nodeIds) visit(id);
  return ancestors;
}
